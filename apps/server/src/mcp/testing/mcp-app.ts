import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import type { Database } from "../../db/client";
import { listen } from "../../test/live-client";
import { buildTestApp, type TestApp } from "../../test/test-app";
import { connectWithToken } from "./token-client";

export type Who = { cookie: string };

/** A new personal access token of the signed-in `who` (POST /api/access-tokens). */
export async function accessTokenOf(
  app: FastifyInstance,
  who: Who,
  scope: "read" | "full",
  name = `${scope} token`,
) {
  const made = await app.inject({
    method: "POST",
    url: "/api/access-tokens",
    payload: { name, scope },
    headers: { cookie: who.cookie },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json() as { id: string; token: string; prefix: string };
}

/**
 * A test app listening on a port for /mcp (made before the suite's tests, closed after with every
 * MCP client it connected): people's access tokens, and the official SDK's client on one.
 */
export function liveMcpApp(db: () => Database, env: Record<string, string> = {}) {
  let t: TestApp | undefined;
  let origin = "";
  const clients: Client[] = [];
  beforeAll(async () => {
    t = await buildTestApp(db(), env);
    origin = (await listen(t.app)).origin;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await t?.app.close();
  });
  const live = {
    get app() {
      if (!t) throw new Error("the app is made in beforeAll");
      return t.app;
    },
    get origin() {
      return origin;
    },
    /** A new access token of `who`'s. */
    tokenFor: (who: Who, scope: "read" | "full", name?: string) => accessTokenOf(live.app, who, scope, name),
    /** The SDK's client on /mcp with `token` (a string), or with a new token of `who`'s. */
    async connect(holder: string | Who, scope: "read" | "full" = "read") {
      const token = typeof holder === "string" ? holder : (await live.tokenFor(holder, scope)).token;
      const client = await connectWithToken(origin, token);
      clients.push(client);
      return client;
    },
  };
  return live;
}

/** A JSON-RPC failure's code and message (null when the call succeeded). */
export const rpcErrorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { code?: number; message: string }) => ({ code: error.code, message: error.message }),
  );
