import fs from "node:fs";
import path from "node:path";
import { OUTPUT_PREVIEW_CHARS } from "@neuroos/contracts";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { providerEnv } from "../llm/testing/helpers";
import { ProviderTestServer } from "../llm/testing/provider-server";
import { describeEachDatabase } from "../test/databases";
import { LiveClient, listen } from "../test/live-client";
import { sandboxReady } from "../test/sandbox-ready";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { addMessage } from "./service";

type Frame = Record<string, unknown>;
type Output = {
  id: string;
  block: number | null;
  kind: string;
  stdout: string;
  stderr: string;
  outputChars: number;
  exitCode: number | null;
  files: { path: string; size: number }[];
};

describeEachDatabase(
  "outputs kept with their message",
  (db) => {
    let t: TestApp;
    let dataDir: string;
    let provider: ProviderTestServer;
    let alice: { cookie: string; user: { id: string } };
    let bob: { cookie: string; user: { id: string } };
    let live: LiveClient;
    let second: LiveClient;
    let sessionId: string;
    let replyId: string;

    const get = (url: string, cookie = alice.cookie) => t.app.inject({ url, headers: { cookie } });
    const messages = async () => (await get(`/api/sessions/${sessionId}/messages`)).json();
    const outputsOf = async (id: string): Promise<Output[]> =>
      (await messages()).find((m: { id: string }) => m.id === id)?.outputs ?? [];
    /** Runs a block of the reply and waits for its stored output. */
    const run = async (code: string, block: number) => {
      live.send({ type: "code_execution", sessionId, language: "python", code, messageId: replyId, block });
      return (await live.next((f) => f.type === "message_output", 20_000)).output as Output;
    };

    beforeAll(async () => {
      provider = await ProviderTestServer.start();
      dataDir = fs.mkdtempSync(path.join("/var/tmp", "neuroos-outputs-"));
      t = await buildTestApp(db(), providerEnv(provider, { DATA_DIR: dataDir }));
      const { wsUrl, origin } = await listen(t.app);
      alice = await signedInUser(t.app);
      bob = await signedInUser(t.app);
      live = await LiveClient.connect(wsUrl, { cookie: alice.cookie, origin });
      second = await LiveClient.connect(wsUrl, { cookie: alice.cookie, origin });
      sessionId = (
        await t.app.inject({
          method: "POST",
          url: "/api/sessions",
          payload: {},
          headers: { cookie: alice.cookie },
        })
      ).json().id;
      const reply = await addMessage(db().db, {
        sessionId,
        role: "assistant",
        content: "```python\nprint('hello')\n```",
        metadata: {},
      });
      replyId = reply.id;
    });
    afterAll(async () => {
      live.socket.close();
      second.socket.close();
      await t.app.close();
      await provider.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    beforeEach(() => {
      live.frames.length = 0;
      second.frames.length = 0;
    });

    it("stores a run from a reply's block with the reply: listed after a reload, told to the other browsers", async () => {
      const output = await run("print('hello')", 0);
      expect(output).toMatchObject({ block: 0, kind: "run", stdout: "hello\n", stderr: "", exitCode: 0 });
      // The person's other browser is told too.
      const told = await second.next((f) => f.type === "message_output", 5_000);
      expect((told.output as Output).id).toBe(output.id);
      // A reload (a new read of the messages) lists it under the reply.
      expect(await outputsOf(replyId)).toEqual([
        expect.objectContaining({ id: output.id, stdout: "hello\n" }),
      ]);
      // Another person can neither list nor read it.
      expect((await get(`/api/sessions/${sessionId}/messages`, bob.cookie)).statusCode).toBe(404);
      expect((await get(`/api/sessions/${sessionId}/outputs/${output.id}`, bob.cookie)).statusCode).toBe(404);
      expect((await get(`/api/sessions/${sessionId}/outputs/${output.id}`)).json()).toMatchObject({
        id: output.id,
        stdout: "hello\n",
      });
    });

    it("caps a long output in the list; show all answers the whole", async () => {
      const output = await run("import sys\nprint('x' * 50000)\nprint('e' * 30000, file=sys.stderr)", 0);
      expect(output.stdout.length).toBe(OUTPUT_PREVIEW_CHARS);
      expect(output.stderr.length).toBe(OUTPUT_PREVIEW_CHARS);
      expect(output.outputChars).toBe(50_001 + 30_001);
      const listed = (await outputsOf(replyId)).find((o) => o.id === output.id);
      expect(listed?.stdout.length).toBe(OUTPUT_PREVIEW_CHARS);
      const whole = (await get(`/api/sessions/${sessionId}/outputs/${output.id}`)).json();
      expect(whole.stdout).toBe(`${"x".repeat(50_000)}\n`);
      expect(whole.stderr).toBe(`${"e".repeat(30_000)}\n`);
    });

    it("lists the files a run wrote", async () => {
      const output = await run(
        "import os\nos.makedirs('out', exist_ok=True)\nopen('out/table.csv','w').write('a,b\\n1,2\\n')\nopen('note.md','w').write('# Hi')",
        0,
      );
      expect(output.files).toEqual(
        expect.arrayContaining([
          { path: "/home/user/out/table.csv", size: 8 },
          { path: "/home/user/note.md", size: 4 },
        ]),
      );
      expect(output.files).toHaveLength(2);
    });

    it.skipIf(!fs.existsSync("/usr/lib/python3/dist-packages/matplotlib"))(
      "saves a matplotlib chart on plt.show() with no setup, and lists it",
      async () => {
        const output = await run("import matplotlib.pyplot as plt\nplt.plot([1, 2], [3, 4])\nplt.show()", 0);
        expect(output).toMatchObject({ exitCode: 0, stdout: "[chart saved: figure-1.png]\n" });
        expect(output.files).toEqual([{ path: "/home/user/figure-1.png", size: expect.any(Number) }]);
        const png = fs.readFileSync(path.join(dataDir, "workspaces", alice.user.id, "figure-1.png"));
        expect(png.subarray(1, 4).toString()).toBe("PNG");
      },
      30_000,
    );

    it("keeps an Execute (a command after the last message) with that message", async () => {
      live.send({ type: "terminal_command", sessionId, command: "echo executed", messageId: replyId });
      const { output } = (await live.next((f) => f.type === "message_output", 20_000)) as { output: Output };
      expect(output).toMatchObject({ kind: "command", block: null, stdout: "executed\n" });
    });

    it("keeps the outputs through the trash: a restored session has them again", async () => {
      const before = await outputsOf(replyId);
      expect(before.length).toBeGreaterThan(0);
      const gone = await t.app.inject({
        method: "DELETE",
        url: `/api/sessions/${sessionId}`,
        headers: { cookie: alice.cookie },
      });
      expect(gone.statusCode).toBe(204);
      const [item] = (await get("/api/trash")).json();
      const back = await t.app.inject({
        method: "POST",
        url: "/api/trash/restore",
        payload: { id: item.id },
        headers: { cookie: alice.cookie },
      });
      expect(back.statusCode).toBe(200);
      expect(await outputsOf(replyId)).toEqual(before);
    });

    it("refuses a run naming a message of another session, and runs nothing", async () => {
      const other = (
        await t.app.inject({
          method: "POST",
          url: "/api/sessions",
          payload: {},
          headers: { cookie: bob.cookie },
        })
      ).json();
      const bobs = await addMessage(db().db, {
        sessionId: other.id,
        role: "user",
        content: "hi",
        metadata: {},
      });
      live.send({
        type: "code_execution",
        sessionId,
        language: "python",
        code: "print(1)",
        messageId: bobs.id,
      });
      expect(await live.next((f) => f.type === "error")).toMatchObject({ code: "not_found" });
      expect(live.frames.some((f) => f.type === "execution_start")).toBe(false);
    });

    it("answers the text a reply streamed so far while it streams", async () => {
      const chat = (
        await t.app.inject({
          method: "POST",
          url: "/api/sessions",
          payload: {},
          headers: { cookie: alice.cookie },
        })
      ).json().id;
      const chunks = Array.from({ length: 30 }, (_, i) => `part ${i}. `);
      provider.script({ kind: "text", chunks, delayMs: 60 });
      live.send({ type: "chat_message", sessionId: chat, content: "tell me slowly" });
      // Frames carry where their text starts in the reply.
      const tokens: Frame[] = [];
      while (tokens.length < 12)
        tokens.push(await live.next((f) => f.type === "chat_token" && !tokens.includes(f)));
      const starts = tokens.map((_, i) =>
        tokens.slice(0, i).reduce((n, f) => n + String(f.content).length, 0),
      );
      expect(tokens.map((f) => f.at)).toEqual(starts);
      let snapshot: { messageId: string; text: string } | null = null;
      await expect
        .poll(async () => {
          snapshot = (await get(`/api/sessions/${chat}/streaming`)).json().reply;
          return snapshot?.text.length ?? 0;
        })
        .toBeGreaterThan(0);
      const seen = snapshot as unknown as { messageId: string; text: string };
      expect(seen.messageId).toBe(tokens[0]?.messageId);
      expect(chunks.join("").startsWith(seen.text)).toBe(true);
      expect((await get(`/api/sessions/${chat}/streaming`, bob.cookie)).statusCode).toBe(404);
      // When the reply is stored, nothing streams.
      await live.next((f) => f.type === "chat_message" && (f.message as Frame).role === "assistant", 15_000);
      await expect.poll(async () => (await get(`/api/sessions/${chat}/streaming`)).json().reply).toBeNull();
    });
  },
  { skip: !sandboxReady },
);
