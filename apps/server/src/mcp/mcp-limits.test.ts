import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { MCP_CALLS_PER_MINUTE } from "./routes";

describeEachDatabase("/mcp counts calls, not requests", (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(db());
  });
  afterAll(() => t.app.close());

  const tokenFor = async () => {
    const who = await signedInUser(t.app);
    const made = await t.app.inject({
      method: "POST",
      url: "/api/access-tokens",
      payload: { name: "batch", scope: "read" },
      headers: { cookie: who.cookie },
    });
    return made.json().token as string;
  };
  const calls = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) => ({
      jsonrpc: "2.0",
      id: from + i,
      method: "tools/call",
      params: { name: "list_files", arguments: { path: "." } },
    }));
  const post = (token: string, payload: unknown, version?: string) =>
    t.app.inject({
      method: "POST",
      url: "/mcp",
      payload: payload as object,
      headers: {
        authorization: `Bearer ${token}`,
        accept: "application/json, text/event-stream",
        "content-type": "application/json",
        ...(version ? { "mcp-protocol-version": version } : {}),
      },
    });

  it("a batch counts each of its calls against the token's minute: two batches of 100 do not make 200 calls", async () => {
    const token = await tokenFor();
    const first = await post(token, calls(100));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toHaveLength(100);
    const second = await post(token, calls(100, 100));
    expect(second.statusCode).toBe(429);
    expect(second.json().error).toMatchObject({ code: "rate_limited" });
    expect(second.json().error.message).toMatch(/^Too many requests\. Try again in \d+ s\.$/);
    expect(second.headers["retry-after"]).toMatch(/^\d+$/);
    // Another token's minute: 100 and 20 make the 120 it holds; one more call is refused.
    const other = await tokenFor();
    expect((await post(other, calls(100))).statusCode).toBe(200);
    expect((await post(other, calls(MCP_CALLS_PER_MINUTE - 100))).statusCode).toBe(200);
    expect((await post(other, calls(1)[0])).statusCode).toBe(429);
  });

  it("made-up tokens count against the address (a new one each time is no way round the limit); the body is not read before the token is checked", async () => {
    // Without a valid token a body is not parsed: not even a broken one is looked at.
    const unread = await t.app.inject({
      method: "POST",
      url: "/mcp",
      payload: "{not json",
      headers: { authorization: "Bearer nos_madeup", "content-type": "application/json" },
    });
    expect(unread.statusCode).toBe(401);
    let refused = 1;
    for (let i = 0; i < MCP_CALLS_PER_MINUTE + 5; i++) {
      const res = await post(`nos_guess${i}`, calls(1)[0]);
      if (res.statusCode === 429) break;
      expect(res.statusCode).toBe(401);
      refused += 1;
    }
    expect(refused).toBe(MCP_CALLS_PER_MINUTE);
    // A good token is counted apart from its address; the scheme's case does not matter (RFC 7235).
    const good = await tokenFor();
    expect((await post(good, calls(1)[0])).statusCode).toBe(200);
    const lower = await t.app.inject({
      method: "POST",
      url: "/mcp",
      payload: calls(1)[0],
      headers: { authorization: `bearer ${good}`, accept: "application/json, text/event-stream" },
    });
    expect(lower.statusCode, lower.body).toBe(200);
  });

  it("a batch under MCP 2025-06-18 or later is refused, as that protocol has none; nothing is run", async () => {
    const token = await tokenFor();
    for (const version of ["2025-06-18", "2025-11-25"]) {
      const res = await post(token, calls(2), version);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: "bad_request",
        message: `MCP ${version} has no batches: send one JSON-RPC message per request`,
      });
    }
    const single = await post(token, calls(1)[0], "2025-11-25");
    expect(single.statusCode, single.body).toBe(200);
  });
});
