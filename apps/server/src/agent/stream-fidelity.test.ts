import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { providerEnv } from "../llm/testing/helpers";
import { ProviderTestServer } from "../llm/testing/provider-server";
import { recordedStreams } from "../llm/testing/recorded-streams";
import { describeEachDatabase } from "../test/databases";
import { LiveClient, listen } from "../test/live-client";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";

type Frame = Record<string, unknown>;
type Stored = { role: string; content: string; metadata: Record<string, unknown> };

/** Replies as providers really end them: at the token limit, or without a finish reason. */
describeEachDatabase("the agent and replies as providers really send them", (db) => {
  let provider: ProviderTestServer;
  let t: TestApp;
  let dataDir: string;
  let who: { cookie: string };
  let live: LiveClient;

  beforeAll(async () => {
    provider = await ProviderTestServer.start();
    dataDir = fs.mkdtempSync(path.join("/var/tmp", "neuroos-fidelity-"));
    t = await buildTestApp(db(), providerEnv(provider, { DATA_DIR: dataDir, LLM_TIMEOUT_MS: "5000" }));
    const { wsUrl, origin } = await listen(t.app);
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

  const api = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
  const messages = async (id: string) =>
    (await api("GET", `/api/sessions/${id}/messages`)).json() as Stored[];
  const agentSession = async () => {
    const [agent] = (await api("GET", "/api/agents")).json();
    return (await api("POST", "/api/sessions", { agentId: agent.id })).json().id as string;
  };
  const turnEnd = (sessionId: string) =>
    live.next((f: Frame) => f.type === "agent_status" && f.sessionId === sessionId && f.state !== "running");

  for (const flavor of ["openai", "anthropic"] as const) {
    it(`a reply cut at the token limit (${flavor}): the person is told, and the model on the next step`, async () => {
      await api("PUT", "/api/settings", { defaultProvider: flavor });
      provider.script({ kind: "text", chunks: ["The first half of a long"], finish: "length" });
      const id = (await api("POST", "/api/sessions", { agentId: null })).json().id as string;
      live.send({ type: "chat_message", sessionId: id, content: "Write a long essay" });
      const notice = await live.next(
        (f: Frame) => f.type === "chat_message" && (f.message as Stored).role === "system",
      );
      expect((notice.message as Stored).content).toMatch(/cut short.*token limit/i);
      const stored = await messages(id);
      expect(stored.map((m) => m.role)).toEqual(["user", "assistant", "system"]);
      expect(stored[1]?.metadata).toMatchObject({ finishReason: "length", cutShort: "token_limit" });
      // The turn has ended once the session is titled; the next call tells the model its answer was cut.
      await live.next(
        (f: Frame) => f.type === "session_updated" && (f.session as Frame).title === "Write a long essay",
      );
      live.send({ type: "chat_message", sessionId: id, content: "Go on" });
      await live.next(
        (f: Frame) => f.type === "chat_message" && (f.message as Stored).content === "Hello world",
      );
      expect(JSON.stringify(provider.calls.at(-1)?.body)).toMatch(/cut short/);
    });
  }

  it("a tool call cut at the token limit: the agent's turn does not end 'done' silently", async () => {
    await api("PUT", "/api/settings", { defaultProvider: "openai" });
    provider.script(
      {
        kind: "tool-calls",
        calls: [{ id: "l1", name: "list_files", args: { path: "/home/user" } }],
        finish: "length",
      },
      { kind: "text", chunks: ["Listed."] },
    );
    const id = await agentSession();
    live.send({ type: "chat_message", sessionId: id, content: "List my files" });
    const end = await turnEnd(id);
    const stored = await messages(id);
    expect(stored.some((m) => m.role === "system" && /cut short/i.test(m.content))).toBe(true);
    // The model was told on its next step, after the tool result.
    const next = JSON.stringify(provider.calls.at(1)?.body);
    expect(next).toMatch(/cut short/);
    expect(end.state).toBe("done");
  });

  it("a complete tool call in a stream without a finish reason is executed, not lost", async () => {
    await api("PUT", "/api/settings", { defaultProvider: "openai" });
    provider.script(
      {
        kind: "tool-calls",
        calls: [{ id: "n1", name: "list_files", args: { path: "/home/user" } }],
        finish: "none",
      },
      { kind: "text", chunks: ["Here they are."] },
    );
    const id = await agentSession();
    live.send({ type: "chat_message", sessionId: id, content: "List my files" });
    expect((await turnEnd(id)).state).toBe("done");
    const stored = await messages(id);
    expect(stored.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(stored[2]?.content).toContain("projects");
    expect(stored[3]?.content).toBe("Here they are.");
  });

  for (const [flavor, stream, tokens] of [
    ["openai", recordedStreams.openaiTextWithUsage, [19, 5]],
    ["anthropic", recordedStreams.anthropicText, [472, 15]],
    ["huggingface", recordedStreams.huggingfaceTextWithUsage, [11, 2]],
    ["ollama", recordedStreams.ollamaTextWithCounts, [26, 2]],
  ] as const) {
    it(`a streamed turn stores both token counts (${flavor}, recorded stream)`, async () => {
      // llama3.2 takes tools; the catalogue's llama2 would fall back to fenced code blocks.
      const saved = await api("PUT", "/api/settings", {
        defaultProvider: flavor,
        providers: { ollama: { model: "llama3.2" } },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      provider.script({ kind: "recorded", stream });
      const id = (await api("POST", "/api/sessions", { agentId: null })).json().id as string;
      live.send({ type: "chat_message", sessionId: id, content: "Hi" });
      await live.next((f: Frame) => f.type === "chat_message" && (f.message as Stored).role === "assistant");
      const reply = (await messages(id)).find((m) => m.role === "assistant");
      expect(reply?.metadata).toMatchObject({ promptTokens: tokens[0], tokenCount: tokens[1] });
    });
  }

  it("an error inside an OpenAI stream: the reply says it in OpenAI's words, the turn ends in error (not 'done')", async () => {
    await api("PUT", "/api/settings", { defaultProvider: "openai" });
    provider.script({ kind: "recorded", stream: recordedStreams.openaiInStreamError });
    const id = await agentSession();
    live.send({ type: "chat_message", sessionId: id, content: "Hello" });
    expect(await turnEnd(id)).toMatchObject({ state: "error" });
    const reply = (await messages(id)).find((m) => m.role === "assistant");
    expect(reply?.metadata.error).toMatch(/OpenAI reported an error: The server had an error/);
    expect(reply?.metadata.error).not.toMatch(/object Object/);
  });
});
