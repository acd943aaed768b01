import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ProviderId } from "@neuroos/contracts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadEnv } from "../env";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { createLlm } from "./index";
import { parseSse, providerEnv, SERVER_KEYS, testAccess } from "./testing/helpers";
import { ProviderTestServer } from "./testing/provider-server";
import type { Flavor } from "./testing/wire-formats";

type Who = { cookie: string; user: { id: string } };
const flavors: { flavor: Flavor; provider: ProviderId; defaultModel: string }[] = [
  { flavor: "openai", provider: "openai", defaultModel: "gpt-4" },
  { flavor: "anthropic", provider: "anthropic", defaultModel: "claude-sonnet-4-5" },
  { flavor: "huggingface", provider: "huggingface", defaultModel: "meta-llama/Llama-3.1-8B-Instruct" },
  { flavor: "ollama", provider: "ollama", defaultModel: "llama2" },
];
const messages = [
  { role: "system", content: "Be brief." },
  { role: "user", content: "Say hello" },
];

describeEachDatabase("LLM gateway over the providers' wire protocols", (db) => {
  let server: ProviderTestServer;
  let t: TestApp;
  let alice: Who;
  beforeAll(async () => {
    server = await ProviderTestServer.start();
    t = await buildTestApp(db(), providerEnv(server));
    alice = await signedInUser(t.app);
  });
  afterAll(async () => {
    await t.app.close();
    await server.close();
  });
  beforeEach(() => server.reset());

  const post = (url: string, payload: object, who: Who = alice) =>
    t.app.inject({ method: "POST", url, payload, headers: { cookie: who.cookie } });

  describe.each(flavors)("$provider", ({ flavor, provider, defaultModel }) => {
    it("answers a whole chat with content, model, provider and usage, with the spec's defaults", async () => {
      server.script({ kind: "text", chunks: ["Hello", " there"], usage: { input: 9, output: 2 } });
      const res = await post("/api/llm/chat", { messages, config: { provider }, stream: false });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        content: "Hello there",
        model: defaultModel,
        provider,
        usage: { promptTokens: 9, completionTokens: 2, totalTokens: 11 },
      });
      const sent = server.calls[0]?.body as Record<string, unknown>;
      expect(sent.model).toBe(defaultModel);
      const temperature =
        flavor === "ollama" ? (sent.options as Record<string, unknown>)?.temperature : sent.temperature;
      expect(temperature).toBe(0.7);
      const maxTokens =
        flavor === "ollama"
          ? (sent.options as Record<string, unknown>)?.num_predict
          : (sent.max_tokens ?? sent.max_completion_tokens);
      expect(maxTokens).toBe(2048);
    });

    it("streams each chunk as a data line and ends with [DONE]", async () => {
      server.script({ kind: "text", chunks: ["One", " two", " three"] });
      const res = await post("/api/llm/chat/stream", {
        messages,
        config: { provider, model: "m-1", temperature: 0.2 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/event-stream/);
      const stream = parseSse(res.body);
      expect(stream).toMatchObject({
        contents: ["One", " two", " three"],
        errors: [],
        done: true,
        other: [],
      });
      expect(server.calls[0]?.body?.model).toBe("m-1");
    });

    it.each([
      [401, "llm_invalid_key", 502],
      [404, "llm_model_not_found", 404],
      [500, "llm_provider_down", 502],
    ])("maps HTTP %i to %s", async (status, code, ours) => {
      server.script({ kind: "error", status });
      const res = await post("/api/llm/chat", { messages, config: { provider } });
      expect(res.statusCode).toBe(ours);
      expect(res.json().error.code).toBe(code);
      expect(res.body).not.toContain(SERVER_KEYS.OPENAI_API_KEY);
    });

    it("maps 429 to llm_rate_limited with Retry-After, streamed or not", async () => {
      server.script(
        { kind: "error", status: 429, headers: { "retry-after": "7" } },
        { kind: "error", status: 429, headers: { "retry-after": "7" } },
      );
      const res = await post("/api/llm/chat", { messages, config: { provider } });
      expect(res.statusCode).toBe(429);
      expect(res.headers["retry-after"]).toBe("7");
      expect(res.json().error).toMatchObject({
        code: "llm_rate_limited",
        message: expect.stringContaining("7 s"),
      });
      const streamed = await post("/api/llm/chat/stream", { messages, config: { provider } });
      expect(streamed.statusCode).toBe(429);
      expect(streamed.json().error.code).toBe("llm_rate_limited");
    });

    it("ends the stream with an error line when the upstream breaks off mid-answer", async () => {
      server.script({ kind: "cut", after: 3 });
      const res = await post("/api/llm/chat/stream", { messages, config: { provider } });
      const stream = parseSse(res.body);
      expect(stream.contents).toEqual(["part0 ", "part1 ", "part2 "]);
      expect(stream.done).toBe(false);
      expect(stream.errors).toHaveLength(1);
      expect(stream.errors[0]?.code).toBe("llm_provider_down");
    });

    it("handles a malformed chunk: an error line (Ollama's NDJSON reader skips the line)", async () => {
      server.script({ kind: "malformed", after: 2 });
      const res = await post("/api/llm/chat/stream", { messages, config: { provider } });
      const stream = parseSse(res.body);
      expect(stream.contents).toEqual(["part0 ", "part1 "]);
      if (flavor === "ollama") {
        expect(stream).toMatchObject({ errors: [], done: true });
      } else {
        expect(stream.errors).toEqual([
          { code: "llm_provider_down", message: expect.stringMatching(/malformed/) },
        ]);
        expect(stream.done).toBe(false);
      }
    });

    it("calls tools: streamed text and tool-call events", async () => {
      server.script({
        kind: "tool-calls",
        text: "Let me check.",
        calls: [{ id: "call_1", name: "get_weather", args: { city: "Paris", days: 2 } }],
      });
      const env = loadEnv({
        ...providerEnv(server),
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-llm-")),
      });
      const gateway = createLlm({ env, readAccess: testAccess(env, db().db) }).gateway;
      const events = [];
      for await (const e of gateway.streamChat({
        userId: alice.user.id,
        messages: [{ role: "user", content: "Weather in Paris?" }],
        // llama2 (Ollama's default) has no tool template; llama3.1 has one.
        config: { provider, ...(provider === "ollama" ? { model: "llama3.1" } : {}) },
        tools: {
          get_weather: {
            description: "Weather forecast for a city",
            inputSchema: {
              type: "object",
              properties: { city: { type: "string" }, days: { type: "number" } },
              required: ["city"],
            },
          },
        },
        signal: new AbortController().signal,
      })) {
        events.push(e);
      }
      await gateway.close();
      expect(
        events
          .filter((e) => e.type === "text")
          .map((e) => (e as { text: string }).text)
          .join(""),
      ).toBe("Let me check.");
      expect(events).toContainEqual({
        type: "tool-call",
        id: expect.any(String),
        name: "get_weather",
        input: { city: "Paris", days: 2 },
      });
      expect(events.at(-1)).toMatchObject({ type: "done", provider, finishReason: "tool-calls" });
      const sent = server.calls[0]?.body as Record<string, unknown>;
      expect(JSON.stringify(sent.tools)).toContain("get_weather");
    });
  });

  it("fails with llm_timeout when the provider never answers, streamed or not", async () => {
    server.script({ kind: "hang" }, { kind: "hang" });
    const whole = await post("/api/llm/chat", { messages, config: { provider: "openai" } });
    expect(whole.statusCode).toBe(504);
    expect(whole.json().error.code).toBe("llm_timeout");
    const streamed = await post("/api/llm/chat/stream", { messages, config: { provider: "ollama" } });
    expect(streamed.statusCode).toBe(504);
    expect(streamed.json().error.code).toBe("llm_timeout");
  });

  it("times out a stream that stalls after its first chunk, with an error line", async () => {
    server.script({ kind: "text", chunks: ["first", "late"], delayMs: 2500 });
    const res = await post("/api/llm/chat/stream", { messages, config: { provider: "anthropic" } });
    const stream = parseSse(res.body);
    expect(stream.errors[0]?.code).toBe("llm_timeout");
    expect(stream.done).toBe(false);
  }, 15_000);

  it("streams from /api/llm/chat too when the body says stream: true", async () => {
    server.script({ kind: "text", chunks: ["a", "b"] });
    const res = await post("/api/llm/chat", { messages, config: { provider: "huggingface" }, stream: true });
    expect(res.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(parseSse(res.body)).toMatchObject({ contents: ["a", "b"], done: true });
  });

  it("maps an OpenAI quota error apart from a rate limit", async () => {
    server.script({
      kind: "error",
      status: 429,
      body: {
        error: {
          message: "You exceeded your current quota",
          type: "insufficient_quota",
          code: "insufficient_quota",
        },
      },
    });
    const res = await post("/api/llm/chat", { messages, config: { provider: "openai" } });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe("llm_quota_exceeded");
  });

  it("answers /api/llm/complete with the content only", async () => {
    server.script({ kind: "text", chunks: ["const x = 1;"] });
    const res = await post("/api/llm/complete", {
      provider: "anthropic",
      model: "claude-sonnet-4-20250514",
      messages,
      temperature: 0.7,
      maxTokens: 2000,
    });
    expect(res.json()).toEqual({ content: "const x = 1;" });
    expect(server.calls[0]?.body).toMatchObject({
      model: "claude-sonnet-4-20250514",
      max_tokens: 2000,
      temperature: 0.7,
    });
  });

  it("an inline completion goes out with the server's code-only instruction, not the caller's", async () => {
    server.script({ kind: "text", chunks: ["return a + b;"] });
    const res = await post("/api/llm/complete", {
      provider: "openai",
      messages: [
        { role: "system", content: "Explain your answer in detail." },
        { role: "user", content: "Language: typescript\n\nfunction add(a, b) {\n  <CURSOR>\n}" },
      ],
      maxTokens: 64,
      feature: "ide_completion",
    });
    expect(res.json()).toEqual({ content: "return a + b;" });
    const sent =
      (server.calls[0]?.body as { messages?: { role: string; content: string }[] })?.messages ?? [];
    expect(sent.map((m) => m.role)).toEqual(["system", "user"]);
    expect(sent[0]?.content).toMatch(/only the code to insert at <CURSOR>/);
    expect(sent[0]?.content).toMatch(/no code fences, no explanation/);
    expect(sent[1]?.content).toContain("<CURSOR>");
  });

  it("refuses bad bodies with the field named, without calling a provider", async () => {
    const res = await post("/api/llm/chat", { messages: [], config: { provider: "nope", temperature: 5 } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(
      expect.arrayContaining(["messages", "config.provider", "config.temperature"]),
    );
    const endpoint = await post("/api/llm/chat", {
      messages,
      config: { provider: "openai", endpoint: "http://x" },
    });
    expect(endpoint.json().error.fields).toHaveProperty(["config.endpoint"]);
    expect(server.calls).toHaveLength(0);
  });

  it("uses saved settings on the very next call (the cached settings are dropped at once)", async () => {
    const who = await signedInUser(t.app);
    const stream = async () => {
      server.script({ kind: "text", chunks: ["ok"] });
      const res = await post("/api/llm/chat/stream", { messages, config: { provider: "openai" } }, who);
      expect(parseSse(res.body).contents).toEqual(["ok"]);
      return server.calls.at(-1);
    };
    const before = await stream(); // the settings are cached now
    expect(before?.body?.model).toBe("gpt-4");
    expect(before?.headers.authorization).toBe(`Bearer ${SERVER_KEYS.OPENAI_API_KEY}`);
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { cookie: who.cookie },
      payload: { providers: { openai: { apiKey: "sk-user-key-0123456789abcdef", model: "gpt-4o-mini" } } },
    });
    expect(saved.statusCode).toBe(200);
    const after = await stream();
    expect(after?.body?.model).toBe("gpt-4o-mini");
    expect(after?.headers.authorization).toBe("Bearer sk-user-key-0123456789abcdef");
  });

  it("requires a session for every LLM and settings route", async () => {
    for (const [method, url] of [
      ["POST", "/api/llm/chat"],
      ["POST", "/api/llm/chat/stream"],
      ["POST", "/api/llm/complete"],
      ["GET", "/api/llm/providers"],
      ["GET", "/api/llm/providers/openai/status"],
      ["GET", "/api/llm/local/models"],
      ["GET", "/api/settings"],
      ["PUT", "/api/settings"],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === "GET" ? undefined : {} });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
