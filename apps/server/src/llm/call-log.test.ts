import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { LiveClient, listen } from "../test/live-client";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { providerEnv } from "./testing/helpers";
import { ProviderTestServer } from "./testing/provider-server";

type Log = {
  type: string;
  status: string;
  command: string;
  result: string;
  sessionId: string | null;
  metadata: Record<string, unknown>;
};
const messages = [{ role: "user", content: "Say hello" }];

describeEachDatabase("every model call is logged once, in the gateway", (db) => {
  let server: ProviderTestServer;
  let t: TestApp;
  let base: string;
  let wsUrl: string;
  let origin: string;
  let who: { cookie: string };
  beforeAll(async () => {
    server = await ProviderTestServer.start();
    t = await buildTestApp(db(), providerEnv(server, { LLM_TIMEOUT_MS: "3000" }));
    ({ wsUrl, origin } = await listen(t.app));
    base = origin;
  });
  afterAll(async () => {
    await t.app.close();
    await server.close();
  });
  beforeEach(async () => {
    server.reset();
    who = await signedInUser(t.app); // a fresh person: their log starts empty
  });

  const post = (url: string, payload: object) =>
    t.app.inject({ method: "POST", url, payload, headers: { cookie: who.cookie } });
  const modelCalls = async (): Promise<Log[]> => {
    const res = await t.app.inject({ url: "/api/logs?limit=200", headers: { cookie: who.cookie } });
    return (res.json() as Log[]).filter((l) => l.type === "llm_interaction");
  };
  /**
   * The log once it holds `count` model calls (a cancelled call is recorded as it ends), read
   * again a moment later so that a second record of the same call would show.
   */
  const settled = async (count: number) => {
    for (let i = 0; i < 100 && (await modelCalls()).length < count; i++)
      await new Promise((r) => setTimeout(r, 30));
    await new Promise((r) => setTimeout(r, 150));
    return modelCalls();
  };

  it("/api/llm/chat: one entry with status, timing, both token counts and the feature", async () => {
    server.script({ kind: "text", chunks: ["Hello", " there"], usage: { input: 9, output: 2 } });
    expect((await post("/api/llm/chat", { messages, config: { provider: "openai" } })).statusCode).toBe(200);
    const logs = await settled(1);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      status: "success",
      command: "Say hello",
      result: "Hello there",
      metadata: { feature: "api", provider: "openai", promptTokens: 9, completionTokens: 2 },
    });
    expect(logs[0]?.metadata.executionTime).toEqual(expect.any(Number));
  });

  it("/api/llm/chat/stream and /api/llm/complete: one entry each", async () => {
    server.script({ kind: "text", chunks: ["a", "b"] }, { kind: "text", chunks: ["done"] });
    await post("/api/llm/chat/stream", { messages, config: { provider: "anthropic" } });
    await post("/api/llm/complete", { provider: "anthropic", messages });
    const logs = await settled(2);
    expect(logs.map((l) => [l.metadata.feature, l.status, l.result]).sort()).toEqual([
      ["api", "success", "ab"],
      ["complete", "success", "done"],
    ]);
  });

  it("a failed call: one error entry with the error's code", async () => {
    server.script({ kind: "error", status: 500, body: { error: { message: "boom" } } });
    expect((await post("/api/llm/chat", { messages, config: { provider: "openai" } })).statusCode).toBe(502);
    const logs = await settled(1);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status: "error", metadata: { errorCode: expect.any(String) } });
  });

  it("a call the client leaves: one 'stopped' entry (warning)", async () => {
    server.script({ kind: "text", chunks: ["first", "second", "third"], delayMs: 400 });
    const controller = new AbortController();
    const res = await fetch(`${base}/api/llm/chat/stream`, {
      method: "POST",
      headers: { cookie: who.cookie, "content-type": "application/json", origin },
      body: JSON.stringify({ messages, config: { provider: "openai" } }),
      signal: controller.signal,
    });
    const reader = res.body?.getReader();
    await reader?.read();
    controller.abort();
    const logs = await settled(1);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status: "warning", metadata: { stopped: true } });
  });

  it("agent steps: one entry per model call, tied to the session (none stored twice)", async () => {
    await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { cookie: who.cookie },
      payload: { defaultProvider: "openai", memory: { crossSession: true } },
    });
    server.script(
      { kind: "tool-calls", calls: [{ id: "c1", name: "recall", args: { query: "rain" } }] },
      { kind: "text", chunks: ["Noted."] },
    );
    const sessionId = (await post("/api/sessions", { agentId: null })).json().id as string;
    const live = await LiveClient.connect(wsUrl, { cookie: who.cookie, origin });
    live.send({ type: "chat_message", sessionId, content: "Remember I like rain" });
    await live
      .next((f) => f.type === "agent_status" && f.state === "done", 10_000)
      .catch(async () =>
        live.next(
          (f) => f.type === "chat_message" && (f.message as { content?: string }).content === "Noted.",
        ),
      );
    live.socket.close();
    const logs = await settled(2);
    expect(logs).toHaveLength(2);
    expect(logs.every((l) => l.sessionId === sessionId && l.metadata.feature === "chat")).toBe(true);
    expect(logs.map((l) => l.metadata.toolCalls).sort()).toEqual([0, 1]);
  });
});
