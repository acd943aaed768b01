import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { userProviderSettings } from "../db/schema";
import { providerEnv, SERVER_KEYS } from "../llm/testing/helpers";
import { ProviderTestServer } from "../llm/testing/provider-server";
import { maskKey, SecretBox } from "../platform/secret-box";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";

type Who = { cookie: string; user: { id: string } };
const USER_KEY = "sk-user-alice-ABCDEFGHIJKLMNOP-9876";
const messages = [{ role: "user", content: "Hi" }];

describeEachDatabase("provider settings", (db) => {
  let server: ProviderTestServer;
  let t: TestApp;
  let dataDir: string;
  let alice: Who;
  let bob: Who;
  beforeAll(async () => {
    server = await ProviderTestServer.start();
    dataDir = fs.mkdtempSync("/tmp/neuroos-settings-");
    t = await buildTestApp(db(), providerEnv(server, { DATA_DIR: dataDir }));
    alice = await signedInUser(t.app);
    bob = await signedInUser(t.app);
  });
  afterAll(async () => {
    await t.app.close();
    await server.close();
  });
  beforeEach(() => server.reset());

  const call = (who: Who, method: "GET" | "PUT" | "POST", url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
  const authHeaderOfLastCall = () => server.calls.at(-1)?.headers.authorization;

  it("tries a new key before saving it: a refused key is not saved, and the provider's words say why", async () => {
    server.listingStatus = 401;
    const refused = await call(alice, "PUT", "/api/settings", {
      providers: { anthropic: { apiKey: "sk-ant-wrong-0123456789abcdef" } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe("llm_invalid_key");
    expect(refused.json().error.message).toMatch(/^Anthropic did not accept this key: /);
    expect(refused.json().error.fields["providers.anthropic.apiKey"]).toBeDefined();
    expect(server.requests.some((r) => r.path.endsWith("/models"))).toBe(true);
    const after = await call(alice, "GET", "/api/settings");
    expect(after.json().providers.anthropic.apiKey.set).toBe(false);

    server.listingStatus = 200;
    const accepted = await call(alice, "PUT", "/api/settings", {
      providers: { anthropic: { apiKey: "sk-ant-right-0123456789abcdef" } },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().providers.anthropic.apiKey.set).toBe(true);
    await call(alice, "PUT", "/api/settings", { providers: { anthropic: { apiKey: null } } });
  });

  it("starts from the spec's defaults", async () => {
    const res = await call(bob, "GET", "/api/settings");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      defaultProvider: "openai",
      temperature: 0.7,
      maxTokens: 2048,
      safeMode: true,
      memory: { conversation: true, crossSession: false },
      providers: {
        openai: { apiKey: { set: false, masked: null, readable: true }, baseUrl: null, model: null },
      },
    });
  });

  it("stores a key encrypted, answers it only masked, and uses it", async () => {
    const saved = await call(alice, "PUT", "/api/settings", {
      providers: { openai: { apiKey: USER_KEY, model: "gpt-4o" } },
      temperature: 0.3,
      memory: { crossSession: true },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(USER_KEY);
    expect(saved.json()).toMatchObject({
      temperature: 0.3,
      memory: { conversation: true, crossSession: true },
      providers: { openai: { apiKey: { set: true, masked: "sk-…9876", readable: true }, model: "gpt-4o" } },
    });
    const again = await call(alice, "GET", "/api/settings");
    expect(again.body).not.toContain(USER_KEY);

    const [row] = await db()
      .db.select()
      .from(userProviderSettings)
      .where(eq(userProviderSettings.userId, alice.user.id));
    expect(row?.apiKeyCiphertext).toMatch(/^v1\./);
    expect(row?.apiKeyCiphertext).not.toContain("ABCDEFGHIJ");

    const chat = await call(alice, "POST", "/api/llm/chat", { messages, config: { provider: "openai" } });
    expect(chat.json()).toMatchObject({ model: "gpt-4o" });
    expect(authHeaderOfLastCall()).toBe(`Bearer ${USER_KEY}`);
    expect(server.calls.at(-1)?.body?.temperature).toBe(0.3);

    // Bob has no key: the server-wide key is used for him.
    await call(bob, "POST", "/api/llm/chat", { messages, config: { provider: "openai" } });
    expect(authHeaderOfLastCall()).toBe(`Bearer ${SERVER_KEYS.OPENAI_API_KEY}`);
  });

  it("keeps the key when it is omitted and removes it when null", async () => {
    await call(alice, "PUT", "/api/settings", {
      providers: { anthropic: { apiKey: "sk-ant-user-0123456789abcdef" } },
    });
    const kept = await call(alice, "PUT", "/api/settings", {
      providers: { anthropic: { model: "claude-haiku-4-5" } },
    });
    expect(kept.json().providers.anthropic.apiKey.set).toBe(true);
    const removed = await call(alice, "PUT", "/api/settings", { providers: { anthropic: { apiKey: null } } });
    expect(removed.json().providers.anthropic.apiKey).toEqual({ set: false, masked: null, readable: true });
  });

  it("never sends the server-wide key to a user's own endpoint", async () => {
    const res = await call(bob, "PUT", "/api/settings", {
      providers: {
        openai: { baseUrl: `${server.base("openai")}/` },
        huggingface: { baseUrl: server.base("huggingface") },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().providers.openai.baseUrl).toBe(server.base("openai"));
    for (const provider of ["openai", "huggingface"]) {
      const chat = await call(bob, "POST", "/api/llm/chat", { messages, config: { provider } });
      expect(chat.statusCode).toBe(200);
      expect(server.calls.at(-1)?.headers.authorization).toBeUndefined();
    }
    const providers = (await call(bob, "GET", "/api/llm/providers")).json().providers;
    expect(providers.find((p: { id: string }) => p.id === "openai")).toMatchObject({
      keySource: "none",
      configured: true,
    });
    // The user's own key does go there.
    await call(bob, "PUT", "/api/settings", {
      providers: { openai: { apiKey: "sk-bob-own-key-0123456789" } },
    });
    await call(bob, "POST", "/api/llm/chat", { messages, config: { provider: "openai" } });
    expect(authHeaderOfLastCall()).toBe("Bearer sk-bob-own-key-0123456789");
    await call(bob, "PUT", "/api/settings", {
      providers: { openai: { baseUrl: null, apiKey: null }, huggingface: { baseUrl: null } },
    });
  });

  it("refuses a base URL aimed at internal addresses, naming the field", async () => {
    for (const baseUrl of [
      "http://169.254.169.254/latest",
      "http://127.0.0.1:5432",
      "file:///etc/passwd",
      "http://[::1]:6379",
    ]) {
      const res = await call(alice, "PUT", "/api/settings", { providers: { ollama: { baseUrl } } });
      expect(res.statusCode, baseUrl).toBe(400);
      expect(res.json().error.code).toBe("llm_endpoint_refused");
      expect(res.json().error.fields).toHaveProperty(["providers.ollama.baseUrl"]);
    }
    const local = await call(alice, "PUT", "/api/settings", {
      providers: { local: { apiKey: "sk-0123456789" } },
    });
    expect(local.statusCode).toBe(400);
    const ollamaRequest = await call(alice, "POST", "/api/llm/chat", {
      messages,
      config: { provider: "ollama", endpoint: "http://127.0.0.1:22" },
    });
    expect(ollamaRequest.statusCode).toBe(400);
    expect(ollamaRequest.json().error.code).toBe("llm_endpoint_refused");
    expect(server.calls).toHaveLength(0);
  });

  it("validates the other fields with the field named", async () => {
    const res = await call(alice, "PUT", "/api/settings", {
      temperature: 3,
      maxTokens: 0,
      defaultProvider: "skynet",
      providers: { openai: { apiKey: "has space" } },
      extra: true,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(
      expect.arrayContaining(["temperature", "maxTokens", "defaultProvider", "providers.openai.apiKey"]),
    );
  });

  it("keeps users' settings apart", async () => {
    await call(alice, "PUT", "/api/settings", { defaultProvider: "anthropic", safeMode: false });
    expect((await call(bob, "GET", "/api/settings")).json()).toMatchObject({
      defaultProvider: "openai",
      safeMode: true,
    });
    expect((await call(alice, "GET", "/api/settings")).json()).toMatchObject({
      defaultProvider: "anthropic",
      safeMode: false,
    });
  });

  it("generates the server key once into DATA_DIR with mode 0600", () => {
    const stat = fs.statSync(`${dataDir}/secret-key`);
    expect(stat.mode & 0o777).toBe(0o600);
  });
});

it("binds a ciphertext to its user and provider, and to the server key", () => {
  const box = new SecretBox("a-server-secret-of-at-least-32-characters!");
  const sealed = box.seal("sk-secret", "user-api-key:u1:openai");
  expect(box.open(sealed, "user-api-key:u1:openai")).toBe("sk-secret");
  expect(box.open(sealed, "user-api-key:u2:openai")).toBeNull();
  expect(
    new SecretBox("another-server-secret-of-32-characters!!").open(sealed, "user-api-key:u1:openai"),
  ).toBeNull();
  expect(box.seal("sk-secret", "c")).not.toBe(box.seal("sk-secret", "c"));
  expect(maskKey("sk-proj-abcdefghijklmnop1234")).toBe("sk-…1234");
  expect(maskKey("short")).toBe("…");
});
