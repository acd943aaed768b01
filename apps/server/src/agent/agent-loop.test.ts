import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { providerEnv } from "../llm/testing/helpers";
import { ProviderTestServer } from "../llm/testing/provider-server";
import { describeEachDatabase } from "../test/databases";
import { LiveClient, listen } from "../test/live-client";
import { sandboxReady } from "../test/sandbox-ready";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";

type Frame = Record<string, unknown>;

describeEachDatabase(
  "console chat and the agent loop",
  (db) => {
    let provider: ProviderTestServer;
    let t: TestApp;
    let wsUrl: string;
    let origin: string;
    let dataDir: string;
    let who: { cookie: string; user: { id: string } };
    let live: LiveClient;

    beforeAll(async () => {
      provider = await ProviderTestServer.start();
      dataDir = fs.mkdtempSync(path.join("/var/tmp", "neuroos-agent-"));
      t = await buildTestApp(
        db(),
        providerEnv(provider, { DATA_DIR: dataDir, AGENT_MAX_STEPS: "3", LLM_TIMEOUT_MS: "5000" }),
      );
      ({ wsUrl, origin } = await listen(t.app));
      who = await signedInUser(t.app);
      live = await LiveClient.connect(wsUrl, { cookie: who.cookie, origin });
    });
    afterAll(async () => {
      live.socket.close();
      await t.app.close();
      await provider.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    beforeEach(() => {
      provider.reset();
      live.frames.length = 0;
    });

    const api = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
    const settings = (body: object) => api("PUT", "/api/settings", body);
    const interpreterSession = async () => {
      const [agent] = (await api("GET", "/api/agents")).json();
      return (await api("POST", "/api/sessions", { title: "Agent work", agentId: agent.id })).json()
        .id as string;
    };
    const messages = async (sessionId: string) =>
      (await api("GET", `/api/sessions/${sessionId}/messages`)).json() as {
        role: string;
        content: string;
        metadata: Record<string, unknown>;
      }[];
    const turnEnd = (sessionId: string, ms = 20_000) =>
      live.next(
        (f: Frame) => f.type === "agent_status" && f.sessionId === sessionId && f.state !== "running",
        ms,
      );

    it("plain chat: streams the reply, stores both messages, titles the session", async () => {
      await settings({ defaultProvider: "openai" });
      provider.script({ kind: "text", chunks: ["Hello", ", ", "world"], usage: { input: 5, output: 3 } });
      const { id } = (await api("POST", "/api/sessions", { agentId: null })).json();
      live.send({ type: "chat_message", sessionId: id, content: "Say hello to the world please" });
      const stored = await live.next(
        (f) => f.type === "chat_message" && (f.message as Frame).role === "assistant",
      );
      const tokens = live.frames.filter((f) => f.type === "chat_token").map((f) => f.content);
      expect(tokens.join("")).toBe("Hello, world");
      expect((stored.message as Frame).content).toBe("Hello, world");
      expect((stored.message as Frame).id).toBe(live.frames.find((f) => f.type === "chat_token")?.messageId);
      const list = await messages(id);
      expect(list.map((m) => [m.role, m.content])).toEqual([
        ["user", "Say hello to the world please"],
        ["assistant", "Hello, world"],
      ]);
      expect(list[1]?.metadata).toMatchObject({ model: "gpt-4", provider: "openai", tokenCount: 3 });
      // The title arrives live once the reply is done, and is stored.
      // (Creating the session announced it too, still untitled.)
      const titled = await live.next(
        (f) =>
          f.type === "session_updated" &&
          (f.session as Frame).id === id &&
          (f.session as Frame).title !== "New Session",
      );
      expect((titled.session as Frame).title).toBe("Say hello to the world please");
      const sessions = (await api("GET", "/api/sessions")).json();
      expect(sessions.find((s: { id: string }) => s.id === id).title).toBe("Say hello to the world please");
    });

    it("stores a message and a reply holding NUL characters (shown as ␀) instead of failing", async () => {
      await settings({ defaultProvider: "openai" });
      provider.script({ kind: "text", chunks: ["nul\u0000in reply"] });
      const { id } = (await api("POST", "/api/sessions", { agentId: null })).json();
      live.send({ type: "chat_message", sessionId: id, content: "nul\u0000in question" });
      await live.next((f) => f.type === "chat_message" && (f.message as Frame).role === "assistant");
      const list = await messages(id);
      expect(list.map((m) => m.content)).toEqual(["nul\u2400in question", "nul\u2400in reply"]);
    });

    for (const flavor of ["openai", "anthropic"] as const) {
      it(`runs a task end to end with tool calls (${flavor}): write a file, run it, answer`, async () => {
        await settings({ defaultProvider: flavor, safeMode: false });
        const agents = (await api("GET", "/api/agents")).json();
        await api("PATCH", `/api/agents/${agents[0].id}`, { safeMode: false });
        provider.script(
          {
            kind: "tool-calls",
            calls: [
              {
                id: "c1",
                name: "write_file",
                args: { path: "/home/user/answer.py", content: "print(6 * 7)\n" },
              },
            ],
          },
          {
            kind: "tool-calls",
            calls: [
              {
                id: "c2",
                name: "run_code",
                args: { language: "python", code: "exec(open('answer.py').read())" },
              },
            ],
          },
          { kind: "text", chunks: ["The answer is ", "42."] },
        );
        const sessionId = await interpreterSession();
        live.send({ type: "chat_message", sessionId, content: "Compute 6*7 with a Python file" });
        expect((await turnEnd(sessionId)).state).toBe("done");
        // Each step's messages and model-call log entries are stored by the end of the turn,
        // and the live frames carry exactly what was stored.
        const stepLogs = (await api("GET", "/api/logs?limit=50"))
          .json()
          .filter((l: Frame) => l.type === "llm_interaction" && l.sessionId === sessionId);
        expect(stepLogs).toHaveLength(3);
        const announced = live.frames
          .filter((f) => f.type === "activity" && (f.entry as Frame).sessionId === sessionId)
          .map((f) => f.entry as Frame)
          .filter((e) => e.type === "llm_interaction");
        expect(announced.sort((a, b) => String(a.id).localeCompare(String(b.id)))).toEqual(
          stepLogs.sort((a: Frame, b: Frame) => String(a.id).localeCompare(String(b.id))),
        );
        const list = await messages(sessionId);
        const framed = live.frames
          .filter((f) => f.type === "chat_message" && (f.message as Frame).sessionId === sessionId)
          .map((f) => f.message);
        expect(framed).toEqual(list);
        expect(list.map((m) => m.role)).toEqual([
          "user",
          "assistant",
          "tool",
          "assistant",
          "tool",
          "assistant",
        ]);
        expect(JSON.parse(list[4]?.content ?? "{}")).toMatchObject({ stdout: "42\n", exitCode: 0 });
        expect(list[5]?.content).toBe("The answer is 42.");
        const streamed = live.frames.filter((f) => f.type === "tool_output" && f.toolCallId === "c2");
        expect(streamed.map((f) => f.data).join("")).toBe("42\n");
        expect(fs.readFileSync(path.join(dataDir, "workspaces", who.user.id, "answer.py"), "utf8")).toBe(
          "print(6 * 7)\n",
        );
        // The model saw the tool results in the follow-up calls.
        const last = JSON.stringify(provider.calls.at(-1)?.body);
        expect(last).toContain("42");
        const logs = (await api("GET", "/api/logs?limit=50")).json();
        expect(logs.some((l: Frame) => l.type === "code_execution" && l.status === "success")).toBe(true);
        expect(logs.some((l: Frame) => l.type === "llm_interaction")).toBe(true);
      });
    }

    it("falls back to fenced code blocks for a model without tool calling (Ollama llama2)", async () => {
      await settings({
        defaultProvider: "ollama",
        safeMode: false,
        providers: { ollama: { model: "llama2" } },
      });
      provider.script(
        { kind: "text", chunks: ["Let me compute it:\n```python\nprint(sum(range(10)))\n```\n"] },
        { kind: "text", chunks: ["The sum is 45."] },
      );
      const sessionId = await interpreterSession();
      live.send({ type: "chat_message", sessionId, content: "sum 0..9" });
      expect((await turnEnd(sessionId)).state).toBe("done");
      const list = await messages(sessionId);
      expect(list.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
      expect(JSON.parse(list[2]?.content ?? "{}").stdout).toBe("45\n");
      const requests = provider.calls.filter((c) => c.flavor === "ollama");
      expect(requests[0]?.body).not.toHaveProperty("tools");
      expect(JSON.stringify(requests[1]?.body)).toContain("Output of your code block");
      expect(list[3]?.content).toBe("The sum is 45.");
      await settings({ providers: { ollama: { model: null } } });
    });

    it("gives invalid arguments and unknown tools back to the model, which continues", async () => {
      await settings({ defaultProvider: "openai", safeMode: false });
      provider.script(
        {
          kind: "tool-calls",
          calls: [
            { id: "bad1", name: "run_code", args: { language: "cobol", code: "" } },
            { id: "bad2", name: "format_disk", args: {} },
          ],
        },
        { kind: "text", chunks: ["Sorry, fixed."] },
      );
      const sessionId = await interpreterSession();
      live.send({ type: "chat_message", sessionId, content: "go" });
      expect((await turnEnd(sessionId)).state).toBe("done");
      const tools = (await messages(sessionId)).filter((m) => m.role === "tool");
      expect(tools.map((m) => m.metadata.isError)).toEqual([true, true]);
      expect(tools[0]?.content).toContain("Invalid arguments");
      expect(tools[1]?.content).toContain("Unknown or disallowed tool");
    });

    it("a tool that fails reports its error to the model", async () => {
      await settings({ defaultProvider: "openai", safeMode: false });
      provider.script(
        {
          kind: "tool-calls",
          calls: [{ id: "r1", name: "read_file", args: { path: "/home/user/../../etc/passwd" } }],
        },
        { kind: "text", chunks: ["That path is outside."] },
      );
      const sessionId = await interpreterSession();
      live.send({ type: "chat_message", sessionId, content: "read it" });
      expect((await turnEnd(sessionId)).state).toBe("done");
      const tool = (await messages(sessionId)).find((m) => m.role === "tool");
      expect(tool?.metadata.isError).toBe(true);
      expect(tool?.content).not.toContain("root:");
    });

    it("search_files answers with passages of the indexed files, cited as path:from-to around the matching line", async () => {
      await settings({ defaultProvider: "openai", safeMode: false });
      const report = Array.from({ length: 50 }, (_, i) =>
        i === 41 ? "The warranty of the boiler ends in March 2027." : `line ${i}`,
      );
      await api("PUT", "/api/files/content", {
        path: "/home/user/docs/house.txt",
        content: report.join("\n"),
      });
      await api("POST", "/api/vector/initialize");
      await expect
        .poll(async () => (await api("GET", "/api/vector/status")).json().progress.state, { timeout: 15_000 })
        .toBe("done");
      provider.script(
        {
          kind: "tool-calls",
          calls: [{ id: "q", name: "search_files", args: { query: "boiler warranty" } }],
        },
        { kind: "text", chunks: ["It ends in March 2027 (docs/house.txt:39-45)."] },
      );
      const sessionId = await interpreterSession();
      live.send({ type: "chat_message", sessionId, content: "When does the boiler warranty end?" });
      expect((await turnEnd(sessionId)).state).toBe("done");
      const toolResult = JSON.stringify(provider.calls.at(-1)?.body);
      // The chunk is lines 31-50; the citation points at line 42 with three lines either side.
      expect(toolResult).toContain("/home/user/docs/house.txt:39-45");
      expect(toolResult).toContain("The warranty of the boiler ends in March 2027.");
    });

    it("stops at the step limit", async () => {
      await settings({ defaultProvider: "openai", safeMode: false });
      const listing = {
        kind: "tool-calls" as const,
        calls: [{ id: "l", name: "list_files", args: { path: "/home/user" } }],
      };
      provider.script(listing, listing, listing, listing);
      const sessionId = await interpreterSession();
      live.send({ type: "chat_message", sessionId, content: "loop forever" });
      const end = await turnEnd(sessionId);
      expect(end).toMatchObject({ state: "stopped", detail: "Step limit (3) reached" });
      expect((await messages(sessionId)).at(-1)).toMatchObject({
        role: "system",
        content: "Stopped: the step limit (3) was reached.",
      });
    });

    it("Stop kills a running job and ends the turn", async () => {
      await settings({ defaultProvider: "openai", safeMode: false });
      provider.script({
        kind: "tool-calls",
        calls: [
          {
            id: "s1",
            name: "run_code",
            args: { language: "python", code: "import time\nprint('start', flush=True)\ntime.sleep(60)" },
          },
        ],
      });
      const sessionId = await interpreterSession();
      live.send({ type: "chat_message", sessionId, content: "sleep" });
      await live.next((f) => f.type === "tool_output" && String(f.data).includes("start"), 15_000);
      const started = Date.now();
      live.send({ type: "chat_stop", sessionId });
      expect((await turnEnd(sessionId)).state).toBe("stopped");
      expect(Date.now() - started).toBeLessThan(3000);
      const result = await live.next((f) => f.type === "tool_result");
      expect(JSON.stringify(result.output)).toContain("cancelled");
    });

    it("safe mode: the person edits and approves, or denies; the model continues", async () => {
      await settings({ defaultProvider: "openai", safeMode: true });
      provider.script(
        {
          kind: "tool-calls",
          calls: [{ id: "a1", name: "run_code", args: { language: "python", code: "print('model')" } }],
        },
        {
          kind: "tool-calls",
          calls: [{ id: "a2", name: "run_shell", args: { command: "rm -rf /home/user/projects" } }],
        },
        { kind: "text", chunks: ["Done."] },
      );
      const sessionId = await interpreterSession();
      live.send({ type: "chat_message", sessionId, content: "run it" });
      const first = await live.next((f) => f.type === "approval_request" && f.tool === "run_code");
      expect(first.input).toEqual({ language: "python", code: "print('model')" });
      expect(first).toMatchObject({ toolCallId: "a1", messageId: expect.any(String) });
      // A browser that connects now (a reload) is told the run goes on and what it waits for.
      const reloaded = await LiveClient.connect(wsUrl, { cookie: who.cookie, origin });
      expect(await reloaded.next((f) => f.type === "agent_status")).toMatchObject({
        sessionId,
        state: "running",
      });
      expect(await reloaded.next((f) => f.type === "approval_request")).toEqual(first);
      reloaded.socket.close();
      live.send({
        type: "approval_response",
        approvalId: first.approvalId,
        approved: true,
        input: { code: "print('edited')" },
      });
      const second = await live.next((f) => f.type === "approval_request" && f.tool === "run_shell");
      live.send({ type: "approval_response", approvalId: second.approvalId, approved: false });
      expect((await turnEnd(sessionId)).state).toBe("done");
      const tools = (await messages(sessionId)).filter((m) => m.role === "tool");
      expect(JSON.parse(tools[0]?.content ?? "{}").stdout).toBe("edited\n");
      expect(tools[1]?.content).toContain("did not approve");
      // What ran and the person's answers are stored with the results (a reload shows them).
      expect(tools[0]?.metadata).toMatchObject({
        input: { language: "python", code: "print('edited')" },
        approval: { approved: true, reason: "approved", edited: true },
      });
      expect(tools[1]?.metadata).toMatchObject({ approval: { approved: false, reason: "denied" } });
      expect(tools[1]?.metadata.input).toBeUndefined();
      expect(fs.existsSync(path.join(dataDir, "workspaces", who.user.id, "projects"))).toBe(true);
      live.send({ type: "approval_response", approvalId: second.approvalId, approved: true });
      expect(await live.next((f) => f.type === "error" && f.code === "not_found")).toBeTruthy();
    });
  },
  { skip: !sandboxReady },
);
