import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";

describeEachDatabase("/mcp refuses DNS rebinding without PUBLIC_URL", (db) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp(db());
    const who = await signedInUser(t.app);
    token = (
      await t.app.inject({
        method: "POST",
        url: "/api/access-tokens",
        payload: { name: "origin", scope: "read" },
        headers: { cookie: who.cookie },
      })
    ).json().token;
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
