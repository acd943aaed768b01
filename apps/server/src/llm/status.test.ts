import http from "node:http";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { freePort } from "../test/server-process";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { providerEnv } from "./testing/helpers";
import { ProviderTestServer } from "./testing/provider-server";

type Who = { cookie: string; user: { id: string } };

describeEachDatabase("provider status, provider list, and client disconnects", (db) => {
  let server: ProviderTestServer;
  let t: TestApp;
  let bare: TestApp;
  let alice: Who;
  let carol: Who;
  beforeAll(async () => {
    server = await ProviderTestServer.start();
    t = await buildTestApp(db(), providerEnv(server));
    alice = await signedInUser(t.app);
    // An app with no server-wide keys and Ollama at an address where nothing answers.
    bare = await buildTestApp(db(), {
      OLLAMA_BASE_URL: `http://127.0.0.1:${await freePort()}`,
      LLM_TIMEOUT_MS: "1500",
    });
    carol = await signedInUser(bare.app);
  });
  afterAll(async () => {
    await t.app.close();
    await bare.app.close();
    await server.close();
  });
  beforeEach(() => server.reset());

  const get = (app: TestApp, who: Who, url: string) =>
    app.app.inject({ method: "GET", url, headers: { cookie: who.cookie } });

  it("is 'active' only after a live check answered, and caches it about 30 s", async () => {
    for (const provider of ["openai", "anthropic", "huggingface", "ollama"]) {
      const res = await get(t, alice, `/api/llm/providers/${provider}/status`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        provider,
        status: "active",
        detail: expect.stringMatching(/^Answered/),
      });
    }
    const listings = server.requests.length;
    expect(listings).toBe(4);
    await get(t, alice, "/api/llm/providers/openai/status");
    expect(server.requests.length).toBe(listings);
    await get(t, alice, "/api/llm/providers/openai/status?refresh=1");
    expect(server.requests.length).toBe(listings + 1);
    expect(server.requests.at(-1)?.headers.authorization).toMatch(/^Bearer sk-server-openai/);
  });

  it("tells an invalid key and an unreachable provider apart", async () => {
    server.listingStatus = 401;
    const invalid = await get(t, alice, "/api/llm/providers/anthropic/status?refresh=1");
    expect(invalid.json()).toMatchObject({
      status: "invalid_key",
      detail: expect.stringContaining("rejected the API key"),
    });
    server.listingStatus = 503;
    const down = await get(t, alice, "/api/llm/providers/huggingface/status?refresh=1");
    expect(down.json().status).toBe("unreachable");
    const ollama = await get(bare, carol, "/api/llm/providers/ollama/status");
    expect(ollama.json()).toMatchObject({
      status: "unreachable",
      detail: expect.stringContaining("connection refused"),
    });
  });

  it("says 'unconfigured' without a key, and lists providers with the spec's names", async () => {
    const status = await get(bare, carol, "/api/llm/providers/openai/status");
    expect(status.json()).toMatchObject({
      status: "unconfigured",
      detail: expect.stringContaining("add an API key"),
    });
    const res = await get(bare, carol, "/api/llm/providers");
    const body = res.json();
    expect(body.providers.map((p: { name: string }) => p.name)).toEqual([
      "OpenAI",
      "Anthropic",
      "HuggingFace",
      "Ollama (Local)",
      "Local model",
    ]);
    expect(body.providers.every((p: { configured: boolean }) => !p.configured)).toBe(true);
    expect(body.usableProvider).toBeNull();
    const openai = body.providers[0];
    expect(openai).toMatchObject({ defaultModel: "gpt-4", keySource: "none", supportsTools: true });
    expect(openai.models).toEqual(
      expect.arrayContaining(["gpt-4", "gpt-4-turbo", "gpt-3.5-turbo", "gpt-4o"]),
    );
    expect(body.providers[3].models).toEqual(
      expect.arrayContaining(["llama2", "mistral", "codellama", "neural-chat", "starling-lm"]),
    );
    const chat = await bare.app.inject({
      method: "POST",
      url: "/api/llm/chat",
      payload: { messages: [{ role: "user", content: "hi" }] },
      headers: { cookie: carol.cookie },
    });
    expect(chat.statusCode).toBe(400);
    expect(chat.json().error.code).toBe("llm_not_configured");

    const configured = (await get(t, alice, "/api/llm/providers")).json();
    expect(configured.usableProvider).toBe("openai");
    expect(configured.providers[0]).toMatchObject({ configured: true, keySource: "server" });
  });

  it("refuses an unknown provider with 400", async () => {
    const res = await get(t, alice, "/api/llm/providers/skynet/status");
    expect(res.statusCode).toBe(400);
  });

  it("aborts the upstream request within 100 ms of the client leaving a stream", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const chunks = Array.from({ length: 200 }, (_, i) => `tok${i} `);
    server.script({ kind: "text", chunks, delayMs: 20 });
    const gone = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${address}/api/llm/chat/stream`, {
        method: "POST",
        headers: { cookie: alice.cookie, "content-type": "application/json" },
      });
      req.on("response", (res) => {
        let seen = "";
        res.on("data", (d) => {
          seen += d;
          if (seen.includes("tok3")) {
            const at = performance.now();
            req.destroy();
            resolve(at);
          }
        });
      });
      req.on("error", () => {});
      req.end(
        JSON.stringify({ messages: [{ role: "user", content: "count" }], config: { provider: "openai" } }),
      );
      setTimeout(() => reject(new Error("no chunks")), 5000);
    });
    const upstream = server.calls.at(-1);
    for (let i = 0; i < 50 && upstream?.closedAt === undefined; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(upstream?.closedAt).toBeDefined();
    expect((upstream?.closedAt ?? Infinity) - gone).toBeLessThan(100);
    expect(server.emitted.length).toBeLessThan(chunks.length);
  });
});
