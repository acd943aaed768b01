import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { browserRecording } from "./audio/testing/recordings";
import { providerEnv, SERVER_KEYS } from "./llm/testing/helpers";
import { ProviderTestServer } from "./llm/testing/provider-server";
import { loggerOptions } from "./logger";
import { Redactor } from "./redaction";
import { describeEachDatabase } from "./test/databases";
import { LiveClient, listen } from "./test/live-client";
import { buildTestApp, requestsAs, signedInUser, type TestApp } from "./test/test-app";

type Who = { cookie: string; user: { id: string } };
type Frame = Record<string, unknown>;
const SERVER_SECRETS = Object.values(SERVER_KEYS);
const OWN_KEY = "sk-person-own-key-abcdefgh7Q2z";
const MCP_HEADERS = {
  "X-Api-Key": "mcp-header-secret-value-9876",
  Authorization: "Bearer mcp-bearer-token-5555",
};

/** No secret of the server's, of the person's MCP server's headers, or the person's whole key. */
function expectNoSecret(answer: unknown): void {
  const text = typeof answer === "string" ? answer : JSON.stringify(answer);
  for (const secret of [...SERVER_SECRETS, OWN_KEY, ...Object.values(MCP_HEADERS), "mcp-bearer-token-5555"])
    expect(text).not.toContain(secret);
}

it("a redactor hides the server's secrets wholly and a person's own key but its last 4 characters", () => {
  const redactor = Redactor.fromEnv({
    OPENAI_API_KEY: "sk-server-0123456789",
    DATABASE_URL: "postgres://app:db-pass-77@db:5432/app",
    PORT: 8080,
  }).withOwn("sk-mine-abcdefWXYZ");
  expect(redactor.text("sent sk-server-0123456789, sk-mine-abcdefWXYZ, db-pass-77; port 8080")).toBe(
    "sent [redacted], [redacted …WXYZ], [redacted]; port 8080",
  );
});

it("the server's log hides every secret the server holds, in messages and errors", async () => {
  const lines: string[] = [];
  const stream = { write: (line: string) => void lines.push(line) };
  const redactor = Redactor.fromEnv({ HF_TOKEN: "hf_server_token_123456" });
  const app = Fastify({ logger: { ...(loggerOptions("info", redactor) as object), stream } });
  app.log.warn({ detail: "sent hf_server_token_123456" }, "upstream said hf_server_token_123456");
  app.log.error(new Error("refused hf_server_token_123456"));
  await app.close();
  expect(lines.join("")).toMatch(/upstream said \[redacted\]/);
  expect(lines.join("")).toMatch(/refused \[redacted\]/);
  expect(lines.join("")).not.toContain("hf_server_token_123456");
});

/** A provider whose refusals quote the key they were sent: no answer a person can read shows it. */
describeEachDatabase("the server's secrets never reach a person", (db) => {
  let server: ProviderTestServer;
  let t: TestApp;
  let who: Who;
  let dataDir: string;
  beforeAll(async () => {
    server = await ProviderTestServer.start();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-redaction-"));
    t = await buildTestApp(db(), providerEnv(server, { DATA_DIR: dataDir, LLM_TIMEOUT_MS: "5000" }));
  });
  afterAll(async () => {
    await t.app.close();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    server.reset();
    who = (await signedInUser(t.app)) as Who;
  });
  const api = (method: string, url: string, payload?: unknown) =>
    requestsAs(t.app)(who, method, url, payload);
  /** The refusals really quoted the key (so not seeing it means something). */
  const expectEchoed = () =>
    expect(server.requests.some((r) => r.headers.authorization || r.headers["x-api-key"])).toBe(true);
  const logs = async () => (await api("GET", "/api/logs?limit=50")).body;
  const settledVector = async () => {
    let status = (await api("GET", "/api/vector/status")).json();
    for (let i = 0; i < 200 && status.switching?.state === "embedding"; i++) {
      await new Promise((r) => setTimeout(r, 25));
      status = (await api("GET", "/api/vector/status")).json();
    }
    return status;
  };

  it("embeddings: an embedding-model switch and /api/vector/embed", async () => {
    await api("POST", "/api/vector/embed", { content: "Tulips bloom in the spring garden." });
    server.refuseEchoingKey = 1; // the probe is answered, the re-embedding refused
    const started = await api("POST", "/api/vector/models/active", {
      modelId: "openai:text-embedding-3-small",
    });
    expect(started.statusCode).toBe(202);
    const status = await settledVector();
    expect(status.switching).toMatchObject({ state: "failed", error: expect.stringMatching(/\[redacted\]/) });
    expectNoSecret(status);

    // Now with the model chosen (nothing to re-embed), embedding is refused.
    server.refuseEchoingKey = null;
    const other = (await signedInUser(t.app)) as Who;
    who = other;
    await api("POST", "/api/vector/models/active", { modelId: "openai:text-embedding-3-small" });
    await settledVector();
    server.refuseEchoingKey = 0;
    const embed = await api("POST", "/api/vector/embed", { content: "hello" });
    expect(embed.statusCode).toBe(502);
    expect(embed.json().error.message).toMatch(/OpenAI did not embed \(HTTP 401\).*\[redacted\]/);
    expectNoSecret(embed.body);
    expectEchoed();
  });

  it("audio: a transcription", async () => {
    server.refuseEchoingKey = 0;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/audio/transcriptions",
      payload: browserRecording(),
      headers: { cookie: who.cookie, "content-type": "audio/webm;codecs=opus" },
    });
    expect(res.json().error.message).toMatch(/OpenAI rejected the API key.*\[redacted\]/);
    expectNoSecret(res.body);
    expectEchoed();
  });

  it("chat and actions: the error answer, the chat turn's frames and stored reply, the logs", async () => {
    server.refuseEchoingKey = 0;
    const streamed = await api("POST", "/api/llm/chat/stream", {
      messages: [{ role: "user", content: "Hi" }],
      config: { provider: "anthropic" },
    });
    expect(streamed.json().error.message).toMatch(/Anthropic rejected the API key.*\[redacted\]/);
    expectNoSecret(streamed.body);
    const action = await api("POST", "/api/actions/summarize/stream", { input: "A long note." });
    expectNoSecret(action.body);
    expect(action.body).toMatch(/\[redacted\]/);

    const { wsUrl, origin } = await listen(t.app);
    const live = await LiveClient.connect(wsUrl, { cookie: who.cookie, origin });
    try {
      const [agent] = (await api("GET", "/api/agents")).json();
      const id = (await api("POST", "/api/sessions", { agentId: agent.id })).json().id as string;
      live.send({ type: "chat_message", sessionId: id, content: "Hello" });
      await live.next((f: Frame) => f.type === "agent_status" && f.sessionId === id && f.state === "error");
      const stored = (await api("GET", `/api/sessions/${id}/messages`)).body;
      expect(stored).toMatch(/\[redacted\]/);
      expectNoSecret(stored);
      expectNoSecret(live.frames);
    } finally {
      live.socket.close();
    }
    expect(await logs()).toMatch(/\[redacted\]/);
    expectNoSecret(await logs());
    expectEchoed();
  });

  it("the person's own key appears only as its last 4 characters", async () => {
    const saved = await api("PUT", "/api/settings", { providers: { openai: { apiKey: OWN_KEY } } });
    expect(saved.statusCode, saved.body).toBe(200);
    server.refuseEchoingKey = 0;
    const res = await api("POST", "/api/llm/chat/stream", {
      messages: [{ role: "user", content: "Hi" }],
      config: { provider: "openai" },
    });
    expect(res.json().error.message).toContain("[redacted …7Q2z]");
    expectNoSecret(res.body);
    expectNoSecret(await logs());
  });

  it("an MCP server's failure hides its headers' values", async () => {
    server.refuseEchoingKey = 0;
    const made = await api("POST", "/api/mcp/servers", {
      transport: "http",
      name: "echoing",
      url: `${server.url}/mcp`,
      headers: MCP_HEADERS,
    });
    expect(made.statusCode, made.body).toBe(201);
    let detail = (await api("GET", `/api/mcp/servers/${made.json().id}`)).json();
    for (let i = 0; i < 200 && detail.status.state === "connecting"; i++) {
      await new Promise((r) => setTimeout(r, 25));
      detail = (await api("GET", `/api/mcp/servers/${made.json().id}`)).json();
    }
    expect(detail.status).toMatchObject({ state: "failed", reason: expect.stringMatching(/\[redacted\]/) });
    expectNoSecret(detail);
    expect(server.requests.some((r) => r.headers["x-api-key"] === MCP_HEADERS["X-Api-Key"])).toBe(true);
  });
});
