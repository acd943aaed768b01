import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { providerEnv } from "../llm/testing/helpers";
import { ProviderTestServer } from "../llm/testing/provider-server";
import { LiveClient } from "../test/live-client";
import { sandboxReady } from "../test/sandbox-ready";
import { signedInUser } from "../test/test-app";
import { startTwoNodes, type TestNode, type TwoNodes } from "./testing/two-nodes";

type Frame = Record<string, unknown>;
const postgresUrl = inject("postgresUrl");

describe.skipIf(postgresUrl === null)("two server nodes on one PostgreSQL", () => {
  let provider: ProviderTestServer;
  let nodes: TwoNodes;
  let who: { cookie: string; user: { id: string } };
  let onA: LiveClient;
  let onB: LiveClient;
  const connect = (node: TestNode, cookie = who.cookie) =>
    LiveClient.connect(node.wsUrl, { cookie, origin: node.origin });
  const api = (node: TestNode, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    node.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

  beforeAll(async () => {
    provider = await ProviderTestServer.start();
    nodes = await startTwoNodes(postgresUrl ?? "", providerEnv(provider, { LLM_TIMEOUT_MS: "5000" }));
    who = await signedInUser(nodes.a.app);
    await api(nodes.a, "PUT", "/api/settings", { defaultProvider: "openai" });
    onA = await connect(nodes.a);
    onB = await connect(nodes.b);
  });
  afterAll(async () => {
    onA?.socket.close();
    onB?.socket.close();
    await nodes?.close();
    await provider?.close();
  });
  beforeEach(() => {
    provider.reset();
    onA.frames.length = 0;
    onB.frames.length = 0;
  });

  it("a chat reply started through node B streams to the browser on node A, in order", async () => {
    const words = Array.from({ length: 200 }, (_, i) => `w${i} `);
    provider.script({ kind: "text", chunks: words, usage: { input: 5, output: 200 } });
    const { id } = (await api(nodes.b, "POST", "/api/sessions", { agentId: null })).json();
    onB.send({ type: "chat_message", sessionId: id, content: "Count for me" });
    const reply = (f: Frame) => f.type === "chat_message" && (f.message as Frame).role === "assistant";
    const stored = await onA.next(reply, 15_000);
    expect((stored.message as Frame).content).toBe(words.join(""));
    const tokens = onA.frames.filter((f) => f.type === "chat_token" && f.sessionId === id);
    expect(tokens.map((f) => f.content).join("")).toBe(words.join(""));
    // The person's own message reached A before any token of the reply.
    const mine = onA.frames.findIndex(
      (f) => f.type === "chat_message" && (f.message as Frame).role === "user",
    );
    expect(mine).toBeGreaterThanOrEqual(0);
    expect(mine).toBeLessThan(onA.frames.indexOf(tokens[0] as Frame));
    const titled = await onA.next(
      (f) =>
        f.type === "session_updated" &&
        (f.session as Frame).id === id &&
        (f.session as Frame).title !== "New Session",
    );
    expect((titled.session as Frame).title).toBe("Count for me");
  });

  it("the session list: sessions made, renamed and deleted through one node show on the other", async () => {
    const made = (await api(nodes.a, "POST", "/api/sessions", { title: "Shared" })).json();
    expect(
      await onB.next((f) => f.type === "session_updated" && (f.session as Frame).id === made.id),
    ).toBeTruthy();
    await api(nodes.a, "DELETE", `/api/sessions/${made.id}`);
    expect(await onB.next((f) => f.type === "session_deleted" && f.sessionId === made.id)).toBeTruthy();
    const list = (await api(nodes.b, "GET", "/api/sessions")).json() as { id: string }[];
    expect(list.map((s) => s.id)).not.toContain(made.id);
  });

  it.skipIf(!sandboxReady)("code run through node B: its start, output and result on node A", async () => {
    const { id } = (await api(nodes.b, "POST", "/api/sessions", { agentId: null })).json();
    onB.send({
      type: "code_execution",
      sessionId: id,
      language: "python",
      code: "for i in range(3): print('line', i)",
      requestId: "run-1",
    });
    const result = await onA.next((f) => f.type === "execution_result" && f.sessionId === id, 20_000);
    const kinds = onA.frames.filter((f) => f.sessionId === id).map((f) => f.type);
    expect(kinds[0]).toBe("execution_start");
    const output = onA.frames
      .filter((f) => f.type === "execution_output" && f.sessionId === id)
      .map((f) => f.data)
      .join("");
    expect(output).toBe("line 0\nline 1\nline 2\n");
    expect(result).toMatchObject({
      executionId: onA.frames.find((f) => f.type === "execution_start")?.executionId,
    });
  });

  it("settings saved through node A apply at once to a turn started through node B", async () => {
    const { id } = (await api(nodes.b, "POST", "/api/sessions", { agentId: null })).json();
    const replyBy = async (content: string) => {
      provider.script({ kind: "text", chunks: ["ok"], usage: { input: 1, output: 1 } });
      onB.send({ type: "chat_message", sessionId: id, content });
      const stored = await onB.next(
        (f) => f.type === "chat_message" && (f.message as Frame).role === "assistant" && f.sessionId === id,
      );
      onB.frames.length = 0;
      return ((stored.message as Frame).metadata as Frame).provider;
    };
    expect(await replyBy("first")).toBe("openai"); // node B now has the settings cached
    const saved = await api(nodes.a, "PUT", "/api/settings", { defaultProvider: "anthropic" });
    expect(saved.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 100)); // the signal crosses the database
    try {
      expect(await replyBy("second")).toBe("anthropic");
    } finally {
      await api(nodes.a, "PUT", "/api/settings", { defaultProvider: "openai" });
    }
  });

  it("signing out on node A ends that session's socket on node B within a second", async () => {
    const other = await signedInUser(nodes.a.app);
    const socketOnB = await connect(nodes.b, other.cookie);
    const closed = socketOnB.closed();
    const started = Date.now();
    const out = await nodes.a.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: other.cookie },
    });
    expect(out.statusCode).toBeLessThan(300);
    const { code, reason } = await closed;
    expect(Date.now() - started).toBeLessThan(1000);
    expect([code, reason]).toEqual([1008, "Session ended"]);
    // And node B refuses the cookie now.
    const refused = await nodes.b.app.inject({
      method: "GET",
      url: "/api/sessions",
      headers: { cookie: other.cookie },
    });
    expect(refused.statusCode).toBe(401);
  });
});
