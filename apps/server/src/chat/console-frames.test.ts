import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { LiveClient, listen } from "../test/live-client";
import { sandboxReady } from "../test/sandbox-ready";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";

describeEachDatabase(
  "console execution frames",
  (db) => {
    let t: TestApp;
    let dataDir: string;
    let alice: { cookie: string; user: { id: string } };
    let bob: { cookie: string; user: { id: string } };
    let live: LiveClient;
    let sessionId: string;

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join("/var/tmp", "neuroos-exec-"));
      t = await buildTestApp(db(), { DATA_DIR: dataDir });
      const { wsUrl, origin } = await listen(t.app);
      alice = await signedInUser(t.app);
      bob = await signedInUser(t.app);
      live = await LiveClient.connect(wsUrl, { cookie: alice.cookie, origin });
      sessionId = (
        await t.app.inject({
          method: "POST",
          url: "/api/sessions",
          payload: { agentId: null },
          headers: { cookie: alice.cookie },
        })
      ).json().id;
    });
    afterAll(async () => {
      live.socket.close();
      await t.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    beforeEach(() => {
      live.frames.length = 0;
    });

    it("runs code: execution_start, streamed output, execution_result, and a log entry", async () => {
      live.send({
        type: "code_execution",
        sessionId,
        language: "python",
        code: "import sys\nprint('out')\nprint('err', file=sys.stderr)",
        requestId: "block-7",
      });
      const result = await live.next((f) => f.type === "execution_result", 15_000);
      const start = live.frames.find((f) => f.type === "execution_start");
      expect(start?.executionId).toBe(result.executionId);
      expect(start?.requestId).toBe("block-7");
      // The log entry reaches the activity panel live, through the bus.
      const activity = await live.next((f) => f.type === "activity");
      expect(activity.entry).toMatchObject({
        type: "code_execution",
        status: "success",
        sessionId,
        metadata: { executionId: result.executionId },
      });
      const outputs = live.frames.filter((f) => f.type === "execution_output");
      expect(
        outputs
          .filter((f) => f.stream === "stdout")
          .map((f) => f.data)
          .join(""),
      ).toBe("out\n");
      expect(
        outputs
          .filter((f) => f.stream === "stderr")
          .map((f) => f.data)
          .join(""),
      ).toBe("err\n");
      expect(result.result).toMatchObject({ success: true, exitCode: 0 });
      await expect
        .poll(
          async () => (await t.app.inject({ url: "/api/logs", headers: { cookie: alice.cookie } })).json()[0],
        )
        .toMatchObject({ type: "code_execution", status: "success", sessionId });
    });

    it("runs terminal commands through bash, and reports failures as error entries", async () => {
      live.send({
        type: "terminal_command",
        sessionId,
        command: 'echo hi; [ -n "$BASH_VERSION" ] && echo bash; exit 3',
      });
      const result = await live.next((f) => f.type === "execution_result", 15_000);
      expect(result.result).toMatchObject({ success: false, exitCode: 3, output: "hi\nbash\n" });
      // The log entry is written just after the result is sent.
      await expect
        .poll(
          async () => (await t.app.inject({ url: "/api/logs", headers: { cookie: alice.cookie } })).json()[0],
        )
        .toMatchObject({ type: "system_command", status: "error" });
    });

    it("cancels a running job", async () => {
      live.send({
        type: "code_execution",
        sessionId,
        language: "python",
        code: "import time\nprint('go', flush=True)\ntime.sleep(60)",
      });
      const start = await live.next((f) => f.type === "execution_start", 15_000);
      await live.next((f) => f.type === "execution_output");
      live.send({ type: "execution_cancel", executionId: start.executionId });
      const result = await live.next((f) => f.type === "execution_result", 5000);
      expect(result.result).toMatchObject({ success: false });
      expect(String((result.result as { output: string }).output)).toContain("cancelled");
    });

    it("refuses a run over the user's job slots at once, naming the request", async () => {
      const sleep = (requestId: string) =>
        live.send({ type: "terminal_command", sessionId, command: "sleep 5", requestId });
      sleep("a");
      sleep("b");
      sleep("c");
      const refused = await live.next((f) => f.type === "error", 5000);
      expect(refused).toMatchObject({ code: "rate_limited" });
      await live.next((_f) => live.frames.filter((g) => g.type === "execution_start").length === 2);
      const starts = live.frames.filter((f) => f.type === "execution_start");
      // Each frame is answered under its own id: two started, the third refused.
      expect([...starts.map((f) => f.requestId), refused.requestId].sort()).toEqual(["a", "b", "c"]);
      for (const start of starts) live.send({ type: "execution_cancel", executionId: start.executionId });
      await live.next((f) => f.type === "execution_result" && f.executionId === starts[1]?.executionId);
    });

    it("lists and reads workspace files; refuses escapes and another user's session", async () => {
      live.send({ type: "file_operation", operation: "list", path: "/home/user/projects" });
      const listed = await live.next((f) => f.type === "file_operation_result");
      expect(JSON.stringify(listed.result)).toContain("/home/user/projects/README.md");
      live.send({ type: "file_operation", operation: "read", path: "/home/user/projects/README.md" });
      const read = await live.next((f) => f.type === "file_operation_result" && f.operation === "read");
      expect((read.result as { content: string }).content.length).toBeGreaterThan(0);
      live.send({ type: "file_operation", operation: "read", path: "/home/user/../../../etc/passwd" });
      expect(await live.next((f) => f.type === "error")).toBeTruthy();
      const bobs = (
        await t.app.inject({
          method: "POST",
          url: "/api/sessions",
          payload: { agentId: null },
          headers: { cookie: bob.cookie },
        })
      ).json();
      live.frames.length = 0;
      live.send({ type: "code_execution", sessionId: bobs.id, language: "python", code: "print(1)" });
      expect(await live.next((f) => f.type === "error")).toMatchObject({ code: "not_found" });
      live.send({ type: "execution_cancel", executionId: "00000000-0000-0000-0000-000000000000" });
      expect(
        await live.next((f) => f.type === "error" && f.message === "No such running execution"),
      ).toBeTruthy();
    });
  },
  { skip: !sandboxReady },
);
