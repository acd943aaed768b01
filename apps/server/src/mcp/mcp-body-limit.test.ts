import { afterAll, beforeAll, expect, it } from "vitest";
import { WRITE_FILE_MAX_CHARS } from "../agent/tools/write-file";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { MCP_BODY_LIMIT } from "./body-limit";

describeEachDatabase("/mcp takes every call its tools advertise, and says so past the limit", (db) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp(db());
    const who = await signedInUser(t.app);
    const made = await t.app.inject({
      method: "POST",
      url: "/api/access-tokens",
      payload: { name: "big", scope: "full" },
      headers: { cookie: who.cookie },
    });
    token = made.json().token;
  });
  afterAll(() => t.app.close());

  const post = (body: string) =>
    t.app.inject({
      method: "POST",
      url: "/mcp",
      payload: body,
      headers: {
        authorization: `Bearer ${token}`,
        accept: "application/json, text/event-stream",
        "content-type": "application/json",
      },
    });
  /** A ping padded with JSON whitespace to exactly `bytes`. */
  const pingOf = (bytes: number) => {
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
    return ping + " ".repeat(bytes - ping.length);
  };

  it("write_file's largest content, escaped at its worst, fits in one body and is written", async () => {
    const advertised = (await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" })))
      .json()
      .result.tools.find((x: { name: string }) => x.name === "write_file").inputSchema.properties.content;
    expect(advertised.maxLength).toBe(WRITE_FILE_MAX_CHARS);
    const content = "\u0001".repeat(WRITE_FILE_MAX_CHARS);
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "write_file", arguments: { path: "/home/user/big.txt", content } },
    });
    expect(body.length).toBeGreaterThan(6 * WRITE_FILE_MAX_CHARS);
    expect(body.length).toBeLessThanOrEqual(MCP_BODY_LIMIT);
    const res = await post(body);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ isError: false });
  });

  it("a body at the limit is read; one byte over is 413 with a JSON-RPC error in words, and nothing runs", async () => {
    const at = await post(pingOf(MCP_BODY_LIMIT));
    expect(at.statusCode).toBe(200);
    expect(at.json()).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
    const over = await post(pingOf(MCP_BODY_LIMIT + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32600,
        message: `The request is larger than /mcp takes (30.1 MiB, ${MCP_BODY_LIMIT} bytes): nothing was run. write_file takes content up to 5242880 characters.`,
      },
    });
    const broken = await post("{ not json");
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32700, message: "Parse error: the body is not JSON" },
    });
  });
});
