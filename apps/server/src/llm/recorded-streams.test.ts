import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ProviderId } from "@neuroos/contracts";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { loadEnv } from "../env";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { createLlm, type LlmEvent } from "./index";
import { parseSse, providerEnv, testAccess } from "./testing/helpers";
import { ProviderTestServer } from "./testing/provider-server";
import { type RecordedStream, recordedStreams as rec } from "./testing/recorded-streams";

type Log = { type: string; status: string; result: string; metadata: Record<string, unknown> };
const messages = [{ role: "user", content: "Hi" }];
const tools = {
  get_weather: {
    description: "Weather for a city",
    inputSchema: { type: "object" as const, properties: { city: { type: "string" as const } } },
  },
  get_time: { description: "The time now", inputSchema: { type: "object" as const, properties: {} } },
};

/** Streams as the providers really send them, replayed through the gateway (/api/llm/chat/stream). */
describeEachDatabase("recorded provider streams through the gateway", (db) => {
  let server: ProviderTestServer;
  let t: TestApp;
  let who: { cookie: string; user: { id: string } };
  let dataDir: string;
  beforeAll(async () => {
    server = await ProviderTestServer.start();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-recorded-"));
    t = await buildTestApp(db(), providerEnv(server, { LLM_TIMEOUT_MS: "5000", DATA_DIR: dataDir }));
  });
  afterAll(async () => {
    await t.app.close();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    server.reset();
    who = await signedInUser(t.app);
  });

  const replay = async (provider: ProviderId, stream: RecordedStream) => {
    server.script({ kind: "recorded", stream });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/llm/chat/stream",
      payload: { messages, config: { provider } },
      headers: { cookie: who.cookie },
    });
    // A failure before the first chunk is an ordinary JSON error answer.
    if (!String(res.headers["content-type"]).startsWith("text/event-stream"))
      return { contents: [], errors: [res.json().error], results: [], done: false, other: [] };
    return parseSse(res.body);
  };
  const lastCall = async (): Promise<Log | undefined> => {
    for (let i = 0; i < 50; i++) {
      const logs = (
        await t.app.inject({ url: "/api/logs?limit=5", headers: { cookie: who.cookie } })
      ).json() as Log[];
      const found = logs.find((l) => l.type === "llm_interaction");
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    return undefined;
  };

  /** A streamed call with tools, straight through the gateway (the agent's way). */
  const withTools = async (provider: ProviderId, stream: RecordedStream, model?: string) => {
    server.script({ kind: "recorded", stream });
    const env = loadEnv({ ...providerEnv(server, { LLM_TIMEOUT_MS: "5000" }), DATA_DIR: dataDir });
    const gateway = createLlm({ env, readAccess: testAccess(env, db().db) }).gateway;
    const events: LlmEvent[] = [];
    try {
      for await (const e of gateway.streamChat({
        userId: who.user.id,
        messages: [{ role: "user", content: "Weather?" }],
        config: { provider, ...(model ? { model } : {}) },
        tools,
        signal: new AbortController().signal,
      }))
        events.push(e);
    } finally {
      await gateway.close();
    }
    return events;
  };

  const texts: [ProviderId, RecordedStream, string[], { prompt: number; completion: number }][] = [
    ["openai", rec.openaiTextWithUsage, ["The sky", " is blue."], { prompt: 19, completion: 5 }],
    ["anthropic", rec.anthropicText, ["Hello", " there."], { prompt: 472, completion: 15 }],
    ["huggingface", rec.huggingfaceTextWithUsage, ["Deep", " learning"], { prompt: 11, completion: 2 }],
    ["ollama", rec.ollamaTextWithCounts, ["The", " sky."], { prompt: 26, completion: 2 }],
  ];
  for (const [provider, stream, contents, tokens] of texts) {
    it(`${provider}: text comes through exactly, and both token counts are recorded`, async () => {
      const out = await replay(provider, stream);
      expect(out).toMatchObject({ contents, errors: [], done: true });
      expect((await lastCall())?.metadata).toMatchObject({
        promptTokens: tokens.prompt,
        completionTokens: tokens.completion,
      });
    });
  }

  it("openai: streams ask for usage (stream_options.include_usage), or OpenAI sends no token counts", async () => {
    await replay("openai", rec.openaiTextWithUsage);
    expect(server.calls.at(-1)?.body).toMatchObject({ stream_options: { include_usage: true } });
  });

  const errors: [ProviderId, RecordedStream, RegExp, string][] = [
    [
      "openai",
      rec.openaiInStreamError,
      /The server had an error while processing your request/,
      "llm_provider_down",
    ],
    ["anthropic", rec.anthropicOverloaded, /Overloaded/, "llm_provider_down"],
    ["huggingface", rec.huggingfaceInStreamError, /CUDA out of memory/, "llm_provider_down"],
    ["ollama", rec.ollamaInStreamError, /unexpected EOF/, "llm_provider_down"],
  ];
  for (const [provider, stream, words, code] of errors) {
    it(`${provider}: an error inside the stream reaches the person in the provider's words`, async () => {
      const out = await replay(provider, stream);
      expect(out.done).toBe(false);
      expect(out.errors).toHaveLength(1);
      expect(out.errors[0]?.code).toBe(code);
      expect(out.errors[0]?.message).toMatch(words);
      expect(out.errors[0]?.message).not.toMatch(/object Object|broke off|Cannot reach/);
      expect((await lastCall())?.status).toBe("error");
    });
  }

  it("openai (OpenRouter): an error chunk beside its choices reaches the person, the turn is not 'done'", async () => {
    const out = await replay("openai", rec.openrouterInStreamError);
    expect(out.contents).toEqual(["Once upon"]);
    expect(out.done).toBe(false);
    expect(out.errors).toHaveLength(1);
    expect(out.errors[0]?.message).toMatch(/OpenAI reported an error: Token limit reached/);
    expect((await lastCall())?.status).toBe("error");
  });

  it("ollama: five tool calls in one line are all kept, one without arguments taking {}", async () => {
    const events = await withTools("ollama", rec.ollamaFiveToolCallsOneLine, "llama3.2");
    const calls = events.filter((e) => e.type === "tool-call");
    expect(calls.map((c) => [c.name, c.input])).toEqual([
      ["get_weather", { city: "Paris" }],
      ["get_weather", { city: "Lyon" }],
      ["get_weather", { city: "Nice" }],
      ["get_time", {}],
      ["get_weather", { city: "Lille" }],
    ]);
    expect(new Set(calls.map((c) => c.id)).size).toBe(5);
    expect(events.at(-1)).toMatchObject({ type: "done", finishReason: "tool-calls" });
  });

  it("huggingface (TGI): a complete tool call in a stream that ends cleanly without finish_reason is a tool call", async () => {
    const events = await withTools("huggingface", rec.huggingfaceToolCallNoFinish);
    expect(events.filter((e) => e.type === "tool-call")).toEqual([
      { type: "tool-call", id: "0", name: "get_weather", input: { city: "Paris" } },
    ]);
    expect(events.at(-1)).toMatchObject({ type: "done", finishReason: "tool-calls" });
  });

  const cuts: [RecordedStream, string, number][] = [
    [rec.anthropicCut, "The answer is", 2],
    [rec.anthropicCutAfterDelta, "Hello there.", 15],
  ];
  for (const [stream, text, output] of cuts) {
    it(`anthropic: a stream cut before message_stop counts the tokens that arrived (${output}) and says it was cut short`, async () => {
      const out = await replay("anthropic", stream);
      expect(out.contents.join("")).toBe(text);
      expect(out.done).toBe(false);
      expect(out.errors[0]?.message).toMatch(/The reply was cut short/);
      const log = await lastCall();
      expect(log?.status).toBe("error");
      expect(log?.metadata).toMatchObject({ promptTokens: 472, completionTokens: output });
    });
  }
});
