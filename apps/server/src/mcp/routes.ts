import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { accessTokensApi, type PathParams } from "@neuroos/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Approvals } from "../agent/approvals";
import type { ToolRegistry } from "../agent/tools";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { AppError, errorBody, parse } from "../http/errors";
import type { OriginPolicy } from "../http/origin-guard";
import { countHit, tooManyRequests } from "../http/rate-limit-store";
import { currentUser } from "../http/request-user";
import type { EventBus } from "../live/bus";
import { MCP_BODY_LIMIT, mcpBodyErrors } from "./body-limit";
import { mcpServerFor } from "./server";
import { AccessTokens, hashOf } from "./tokens";

/** Calls one token may make a minute on /mcp. */
export const MCP_CALLS_PER_MINUTE = 120;
/** The first protocol version without JSON-RPC batches (ISO dates compare as strings). */
const NO_BATCHES_FROM = "2025-06-18";

const bearer = (request: FastifyRequest) => /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1];

/**
 * /api/access-tokens: the person's tokens (make one, shown once; list; revoke).
 * /mcp: NeuroOS as an MCP server (Streamable HTTP, stateless), for the holder of a token.
 */
export async function mcpRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    bus: EventBus;
    tools: ToolRegistry;
    approvals: Approvals;
    approvalTimeoutMs: number;
    origins: OriginPolicy;
  },
) {
  const tokens = new AccessTokens(deps.db);

  await app.register(async (sessionRoutes) => {
    sessionRoutes.addHook("onRequest", requireSession(deps.db));
    sessionRoutes.get(accessTokensApi.list.path, async (request) => tokens.list(currentUser(request).id));
    sessionRoutes.post(accessTokensApi.create.path, async (request, reply) =>
      reply
        .status(201)
        .send(await tokens.create(currentUser(request).id, parse(accessTokensApi.create.body, request.body))),
    );
    sessionRoutes.delete(
      accessTokensApi.revoke.path,
      async (request: FastifyRequest<{ Params: PathParams<typeof accessTokensApi.revoke.path> }>, reply) => {
        await tokens.revoke(currentUser(request).id, request.params.id);
        return reply.status(204).send();
      },
    );
  });

  /**
   * Counts the request's messages (a JSON-RPC batch holds many calls) against the token's minute,
   * or the address's for a request without one, in the database: every node counts into it.
   */
  const countCalls = async (request: FastifyRequest, token: string | undefined) => {
    const batch = Array.isArray(request.body) ? request.body.length : 0;
    const version = request.headers["mcp-protocol-version"];
    if (batch > 0 && typeof version === "string" && version >= NO_BATCHES_FROM)
      throw new AppError(
        400,
        "bad_request",
        `MCP ${version} has no batches: send one JSON-RPC message per request`,
      );
    const key = `mcp-calls ${token ? hashOf(token) : request.ip}`;
    const { count, ttlMs } = await countHit(deps.db, key, 60_000, Math.max(1, batch));
    if (count > MCP_CALLS_PER_MINUTE) throw tooManyRequests(ttlMs);
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    // The app's origin guard has compared the Origin with the own origin; without PUBLIC_URL that
    // is the Host's, so a page on a rebound name would pass it.
    if (!deps.origins.rebindingSafe(request))
      throw new AppError(
        403,
        "forbidden",
        "Cross-origin request refused: a page's request to /mcp must come from localhost or an IP address unless PUBLIC_URL (or ALLOWED_ORIGINS) names its origin",
      );
    const token = bearer(request);
    await countCalls(request, token);
    const holder = token ? await tokens.verify(token) : null;
    if (!holder) {
      reply.header("www-authenticate", 'Bearer realm="NeuroOS"');
      throw new AppError(
        401,
        "unauthorized",
        "A valid NeuroOS access token is required (Authorization: Bearer nos_...)",
      );
    }
    const server = mcpServerFor(holder, deps);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    reply.hijack();
    reply.raw.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  };
  app.post("/mcp", { bodyLimit: MCP_BODY_LIMIT, errorHandler: mcpBodyErrors }, handle);
  // Stateless: no stream to resume and no session to end.
  for (const method of ["GET", "DELETE"] as const)
    app.route({
      method,
      url: "/mcp",
      handler: async (_request, reply) =>
        reply
          .status(405)
          .header("allow", "POST")
          .send(errorBody("method_not_allowed", "Use POST for MCP requests")),
    });
}
