import type { ProviderId } from "@neuroos/contracts";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { parseSse, providerEnv } from "./testing/helpers";
import { ProviderTestServer } from "./testing/provider-server";
import { type RecordedStream, recordedStreams as rec } from "./testing/recorded-streams";

type Log = { type: string; status: string; result: string; metadata: Record<string, unknown> };
const messages = [{ role: "user", content: "Hi" }];

/** Streams as the providers really send them, replayed through the gateway (/api/llm/chat/stream). */
describeEachDatabase("recorded provider streams through the gateway", (db) => {
  let server: ProviderTestServer;
  let t: TestApp;
  let who: { cookie: string };
  beforeAll(async () => {
    server = await ProviderTestServer.start();
    t = await buildTestApp(db(), providerEnv(server, { LLM_TIMEOUT_MS: "5000" }));
  });
  afterAll(async () => {
    await t.app.close();
    await server.close();
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

  it("anthropic: a stream cut before message_stop is not taken as complete", async () => {
    const out = await replay("anthropic", rec.anthropicCut);
    expect(out.contents).toEqual(["The answer is"]);
    expect(out.done).toBe(false);
    expect(out.errors[0]?.message).toMatch(/broke off|cut short|before it was complete/i);
  });
});
