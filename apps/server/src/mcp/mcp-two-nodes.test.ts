import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startTwoNodes, type TwoNodes } from "../cluster/testing/two-nodes";
import { sandboxReady } from "../test/sandbox-ready";
import { signedInUser } from "../test/test-app";
import { postRpc } from "./testing/rpc";

const postgresUrl = inject("postgresUrl");

describe.skipIf(postgresUrl === null || !sandboxReady)("/mcp on two nodes", () => {
  let nodes: TwoNodes;
  let cookie: string;
  let token: string;
  beforeAll(async () => {
    nodes = await startTwoNodes(postgresUrl ?? "");
    cookie = (await signedInUser(nodes.a.app)).cookie;
    token = (
      await nodes.a.app.inject({
        method: "POST",
        url: "/api/access-tokens",
        payload: { name: "two nodes", scope: "full" },
        headers: { cookie },
      })
    ).json().token;
  });
  afterAll(() => nodes?.close());

  it("a session made on A is answered by B, and a cancel sent to B stops the run on A", async () => {
    const init = await postRpc(nodes.a.origin, token, {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    const session = init.headers.get("mcp-session-id") ?? "";
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    const headers = { "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" };
    expect(
      (await postRpc(nodes.b.origin, token, { jsonrpc: "2.0", id: 2, method: "ping" }, headers)).body,
    ).toEqual({
      jsonrpc: "2.0",
      id: 2,
      result: {},
    });
    const running = postRpc(
      nodes.a.origin,
      token,
      {
        jsonrpc: "2.0",
        id: 3,
        method: "tools/call",
        params: { name: "run_shell", arguments: { command: "sleep 6; echo x > ~/c2.txt" } },
      },
      headers,
    );
    await new Promise((r) => setTimeout(r, 1500));
    const cancel = await postRpc(
      nodes.b.origin,
      token,
      { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 3, reason: "enough" } },
      headers,
    );
    expect(cancel.status).toBe(202);
    const started = Date.now();
    const answer = await running;
    expect(Date.now() - started).toBeLessThan(4000);
    // The client forgot the request when it cancelled: it is not answered (202, no message).
    expect(answer).toMatchObject({ status: 202, body: null });
    await new Promise((r) => setTimeout(r, 6000));
    const file = await nodes.b.app.inject({
      method: "GET",
      url: "/api/files/content?path=/home/user/c2.txt",
      headers: { cookie },
    });
    expect(file.statusCode).toBe(404);
  }, 30_000);
});
