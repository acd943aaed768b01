import { SANDBOX_UNAVAILABLE_MESSAGE } from "@neuroos/contracts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { sandboxReady } from "../test/sandbox-ready";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";

describeEachDatabase(
  "sandbox API",
  (db) => {
    let t: TestApp;
    let cookie: string;
    beforeAll(async () => {
      t = await buildTestApp(db(), { SANDBOX_JOBS_PER_USER: "1" });
      cookie = (await signedInUser(t.app)).cookie;
    });
    afterAll(() => t.app.close());
    const run = (payload: object, c = cookie) =>
      t.app.inject({ method: "POST", url: "/api/sandbox/run", headers: { cookie: c }, payload });

    it("runs code over the user's workspace and answers the result", async () => {
      const res = await run({ language: "python", code: "import os\nprint(sorted(os.listdir('projects')))" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        stdout: "['README.md', 'data.json', 'example.js', 'example.py', 'example.ts']\n",
        stderr: "",
        exitCode: 0,
        signal: null,
        limit: null,
        truncated: false,
      });
      const example = await run({ language: "bash", code: "cd ~/projects && python3 example.py" });
      expect(example.json().stdout).toContain("Groceries: 3 items, total 5.20");
      // It goes through the console's execution service: each run is in the execution log.
      const logs = await t.app.inject({ method: "GET", url: "/api/logs", headers: { cookie } });
      const commands = (logs.json() as { type: string; command: string; status: string }[])
        .filter((l) => l.type === "code_execution")
        .map((l) => [l.command, l.status]);
      expect(commands).toEqual(expect.arrayContaining([["cd ~/projects && python3 example.py", "success"]]));
    });

    it("caps the wall time at the request's timeout", async () => {
      const res = await run({ language: "bash", code: "sleep 5", timeoutMs: 300 });
      expect(res.json()).toMatchObject({ limit: "time", exitCode: null });
    });

    it("refuses a second job of the same user while one runs (429), and bad input (400)", async () => {
      const first = run({ language: "bash", code: "sleep 1" });
      await new Promise((r) => setTimeout(r, 100));
      const second = await run({ language: "bash", code: "echo hi" });
      expect(second.statusCode).toBe(429);
      expect(second.json().error.message).toBe("You already have 1 job running; wait for one to finish");
      expect((await first).statusCode).toBe(200);
      expect((await run({ language: "cobol", code: "x" })).statusCode).toBe(400);
      expect((await run({ language: "python", code: "" })).statusCode).toBe(400);
      expect((await run({ language: "python", code: "print(1)" }, "")).statusCode).toBe(401);
    });

    it("reports its health", async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/sandbox/health", headers: { cookie } });
      expect(res.json()).toMatchObject({ available: true, message: "Sandbox ready", seccomp: true });
    });

    it("fails closed with the exact message when bubblewrap cannot start", async () => {
      const broken = await buildTestApp(db(), { SANDBOX_BWRAP: "/nonexistent/bwrap" });
      const user = await signedInUser(broken.app);
      const res = await broken.app.inject({
        method: "POST",
        url: "/api/sandbox/run",
        headers: { cookie: user.cookie },
        payload: { language: "python", code: "print('never runs')" },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: { code: "sandbox_unavailable", message: SANDBOX_UNAVAILABLE_MESSAGE },
      });
      const modules = (
        await broken.app.inject({ method: "GET", url: "/api/modules", headers: { cookie: user.cookie } })
      ).json();
      const interpreter = modules.find((m: { id: string }) => m.id === "code-interpreter");
      expect(interpreter.status).toBe("error");
      expect(interpreter.description.startsWith(SANDBOX_UNAVAILABLE_MESSAGE)).toBe(true);
      await broken.app.close();
    });
  },
  { skip: !sandboxReady },
);
