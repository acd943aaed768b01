import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { accessTokenOf } from "./testing/mcp-app";

describeEachDatabase("/mcp refuses DNS rebinding without PUBLIC_URL", (db) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp(db());
    const who = await signedInUser(t.app);
    token = (await accessTokenOf(t.app, who, "read", "origin")).token;
  });
  afterAll(() => t.app.close());

  const post = (host: string, origin?: string) =>
    t.app.inject({
      method: "POST",
      url: "/mcp",
      payload: { jsonrpc: "2.0", id: 1, method: "tools/list" },
      headers: {
        host,
        ...(origin ? { origin } : {}),
        authorization: `Bearer ${token}`,
        accept: "application/json, text/event-stream",
        "content-type": "application/json",
      },
    });

  it("a foreign Origin, or a page on a rebound name, is 403 JSON; the same host's page and a client without Origin are served", async () => {
    for (const [host, origin] of [
      ["127.0.0.1:3000", "http://evil.example.com"],
      // A rebound name: Host and Origin agree, both the attacker's.
      ["evil.example.com", "http://evil.example.com"],
      ["evil.example.com:3000", "http://evil.example.com:3000"],
      ["localhost:3000", "null"],
    ] as const) {
      const res = await post(host, origin);
      expect(res.statusCode, `${host} ${origin}`).toBe(403);
      expect(res.headers["content-type"]).toMatch(/application\/json/);
      expect(res.json().error.code).toBe("forbidden");
    }
    for (const [host, origin] of [
      ["localhost:3000", "http://localhost:3000"],
      ["127.0.0.1:3000", "http://127.0.0.1:3000"],
      ["[::1]:3000", "http://[::1]:3000"],
      ["10.0.0.7:3000", "http://10.0.0.7:3000"],
      ["neuroos.example.com", undefined],
      ["127.0.0.1:3000", undefined],
    ] as const) {
      const res = await post(host, origin);
      expect(res.statusCode, `${host} ${origin}`).toBe(200);
      expect(res.json().result.tools.length).toBeGreaterThan(0);
    }
  });
});

describeEachDatabase("/mcp with PUBLIC_URL", (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(db(), { PUBLIC_URL: "https://neuroos.example.com" });
  });
  afterAll(() => t.app.close());

  it("takes its own origin's pages and refuses others, whatever the Host", async () => {
    const post = (origin: string) =>
      t.app.inject({
        method: "POST",
        url: "/mcp",
        payload: { jsonrpc: "2.0", id: 1, method: "tools/list" },
        headers: { host: "evil.example.com", origin, "content-type": "application/json" },
      });
    expect((await post("http://evil.example.com")).statusCode).toBe(403);
    // Past the origin checks: no token.
    expect((await post("https://neuroos.example.com")).statusCode).toBe(401);
  });
});

describeEachDatabase("/mcp and OAuth from a browser app of another origin (CORS)", (db) => {
  const INSPECTOR = "http://localhost:6274";
  let t: TestApp;
  let who: { cookie: string };
  beforeAll(async () => {
    t = await buildTestApp(db(), { PUBLIC_URL: "https://neuroos.example.com", ALLOWED_ORIGINS: INSPECTOR });
    who = await signedInUser(t.app);
  });
  afterAll(() => t.app.close());
  const preflight = (url: string, origin: string) =>
    t.app.inject({
      method: "OPTIONS",
      url,
      headers: { origin, "access-control-request-method": "POST" },
    });

  it("an origin ALLOWED_ORIGINS names reads /mcp's answers, its session id and its sign-in hint; others do not", async () => {
    const asked = await preflight("/mcp", INSPECTOR);
    expect(asked.statusCode).toBe(204);
    expect(asked.headers["access-control-allow-origin"]).toBe(INSPECTOR);
    expect(asked.headers["access-control-allow-headers"]).toMatch(
      /authorization.*mcp-session-id.*mcp-protocol-version/,
    );
    expect(
      (await preflight("/mcp", "https://evil.example")).headers["access-control-allow-origin"],
    ).toBeUndefined();

    const call = (token?: string) =>
      t.app.inject({
        method: "POST",
        url: "/mcp",
        payload: {
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: {
            protocolVersion: "2025-11-25",
            capabilities: {},
            clientInfo: { name: "i", version: "1" },
          },
        },
        headers: {
          origin: INSPECTOR,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
    const unsigned = await call();
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.headers["access-control-allow-origin"]).toBe(INSPECTOR);
    expect(unsigned.headers["access-control-expose-headers"]).toMatch(/www-authenticate/);
    const { token } = await accessTokenOf(t.app, who, "read", "inspector");
    const signed = await call(token);
    expect(signed.statusCode).toBe(200);
    expect(signed.headers["access-control-allow-origin"]).toBe(INSPECTOR);
    expect(signed.headers["access-control-expose-headers"]).toMatch(/mcp-session-id/);
    expect(signed.headers["mcp-session-id"]).toBeTruthy();
  });

  it("OAuth's token endpoints take any origin (no cookie there); cookie routes still refuse other origins", async () => {
    const asked = await preflight("/oauth/token", "https://app.example");
    expect(asked.statusCode).toBe(204);
    expect(asked.headers["access-control-allow-origin"]).toBe("*");
    const registered = await t.app.inject({
      method: "POST",
      url: "/oauth/register",
      payload: { client_name: "Browser app", redirect_uris: ["https://app.example/cb"] },
      headers: { origin: "https://app.example" },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.headers["access-control-allow-origin"]).toBe("*");
    const token = await t.app.inject({
      method: "POST",
      url: "/oauth/token",
      payload: "grant_type=authorization_code&code=nope",
      headers: { origin: "https://app.example", "content-type": "application/x-www-form-urlencoded" },
    });
    expect(token.statusCode).toBe(400);
    expect(token.json().error).toBe("invalid_request");
    expect(token.headers["access-control-allow-origin"]).toBe("*");
    // A page of another origin still cannot act with the person's cookie.
    const forged = await t.app.inject({
      method: "POST",
      url: "/api/access-tokens",
      payload: { name: "forged", scope: "full" },
      headers: { cookie: who.cookie, origin: "https://app.example" },
    });
    expect(forged.statusCode).toBe(403);
  });
});
