import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { listen } from "../test/live-client";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { postRpc } from "./testing/rpc";

type Answer = { error?: { code: number; message: string }; result?: Record<string, unknown> };

describeEachDatabase("/mcp answers as the 2025-11-25 spec says", (db) => {
  let t: TestApp;
  let origin: string;
  let token: string;
  let readToken: string;
  beforeAll(async () => {
    t = await buildTestApp(db());
    origin = (await listen(t.app)).origin;
    const alice = await signedInUser(t.app);
    const make = async (scope: string) =>
      (
        await t.app.inject({
          method: "POST",
          url: "/api/access-tokens",
          payload: { name: scope, scope },
          headers: { cookie: alice.cookie },
        })
      ).json().token as string;
    token = await make("full");
    readToken = await make("read");
  });
  afterAll(() => t.app.close());

  let id = 0;
  const call = async (method: string, params: unknown, as = token) => {
    id += 1;
    const answer = await postRpc(origin, as, { jsonrpc: "2.0", id, method, params });
    expect(answer.status).toBe(200);
    return answer.body as Answer;
  };

  it("an unknown tool, or one the token does not list, is a JSON-RPC error -32602", async () => {
    expect((await call("tools/call", { name: "no_such_tool", arguments: {} })).error).toEqual({
      code: -32602,
      message: "Unknown tool: no_such_tool",
    });
    expect(
      (
        await call(
          "tools/call",
          { name: "write_file", arguments: { path: "/home/user/x", content: "x" } },
          readToken,
        )
      ).error,
    ).toEqual({
      code: -32602,
      message: "This token is read-only: write_file needs a token with full access",
    });
  });

  it("a cursor the server never gave is -32602", async () => {
    const listed = await call("tools/list", {});
    expect(listed.result?.tools).toHaveLength(6);
    expect(listed.result).not.toHaveProperty("nextCursor");
    for (const cursor of ["not-a-cursor", "MA", "OTk5", ""])
      expect((await call("tools/list", { cursor })).error?.code, cursor).toBe(-32602);
    expect((await call("tools/list", { cursor: "x" })).error?.message).toBe("Unknown cursor: x");
  });

  it("arguments that are not an object are -32602 in a line; arguments the tool refuses are a result with isError", async () => {
    for (const args of [5, "path", [1, 2], null]) {
      const answer = await call("tools/call", { name: "read_file", arguments: args });
      expect(answer.error?.code, JSON.stringify(args)).toBe(-32602);
      expect(answer.error?.message).toBe(
        "Invalid tools/call parameters: arguments: arguments must be a JSON object",
      );
    }
    const noName = await call("tools/call", { arguments: {} });
    expect(noName.error).toEqual({
      code: -32602,
      message: "Invalid tools/call parameters: name: the tool's name is required",
    });
    // SEP-1303 (2025-11-25): input validation is a tool execution error, so the model can correct it.
    const refused = await call("tools/call", { name: "read_file", arguments: { path: 7 } });
    expect(refused.result?.isError).toBe(true);
    const text = ((refused.result?.content ?? []) as { text: string }[])[0]?.text ?? "";
    expect(text).toMatch(/^Invalid arguments: path: /);
    expect(text.length).toBeLessThan(200);
    expect(text).not.toContain("{");
  });
});
