import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { InProcessBus } from "../live/bus";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { openSessionStream } from "./session-stream";
import { McpSessions } from "./sessions";

/** A session's notification stream ends once the session does (its token revoked), not never. */
describeEachDatabase("/mcp session streams end with their session", (db) => {
  let t: TestApp;
  let streams: http.Server;
  beforeAll(async () => {
    t = await buildTestApp(db());
  });
  afterAll(async () => {
    streams?.close();
    await t.app.close();
  });

  it("revoking the token ends a session's open stream at its next beat", async () => {
    const who = await signedInUser(t.app);
    const made = await t.app.inject({
      method: "POST",
      url: "/api/access-tokens",
      payload: { name: "stream", scope: "read" },
      headers: { cookie: who.cookie },
    });
    const { token, id: tokenId } = made.json() as { token: string; id: string };
    const opened = await t.app.inject({
      method: "POST",
      url: "/mcp",
      payload: {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
      },
      headers: { authorization: `Bearer ${token}`, accept: "application/json, text/event-stream" },
    });
    const sessionId = String(opened.headers["mcp-session-id"] ?? "");
    expect(sessionId).not.toBe("");
    // The stream as GET /mcp opens it, with a beat of 50 ms instead of 25 s.
    const sessions = new McpSessions(db().db);
    streams = http.createServer((_req, res) =>
      openSessionStream(
        res,
        { bus: new InProcessBus(), sessions },
        { id: sessionId, userId: who.user.id },
        50,
      ),
    );
    await new Promise<void>((resolve) => streams.listen(0, "127.0.0.1", resolve));
    const ended = new Promise<string>((resolve) => {
      http.get(`http://127.0.0.1:${(streams.address() as AddressInfo).port}/`, (res) => {
        let text = "";
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve(text));
      });
    });
    await new Promise((r) => setTimeout(r, 200)); // beats while the session lives
    const revoked = await t.app.inject({
      method: "DELETE",
      url: `/api/access-tokens/${tokenId}`,
      headers: { cookie: who.cookie },
    });
    expect(revoked.statusCode, revoked.body).toBeLessThan(300);
    const text = await ended;
    expect(text).toContain(": keep-alive");
  });
});
