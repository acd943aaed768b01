import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { accessTokensApi, type PathParams } from "@neuroos/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Approvals } from "../agent/approvals";
import type { ToolRegistry } from "../agent/tools";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { AppError, errorBody, parse } from "../http/errors";
import { mcpResourceMetadataUrl, serverOrigin } from "../http/public-origin";
import { countHit, tooManyRequests } from "../http/rate-limit-store";
import { currentUser } from "../http/request-user";
import type { EventBus } from "../live/bus";
import { mcpServerFor } from "./server";
import { type AccessTokens, hashOf } from "./tokens";

/** The scopes a token for /mcp may have (OAuth's scopes_supported). */
export const MCP_SCOPES = ["read", "full"] as const;
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
    tokens: AccessTokens;
    /** PUBLIC_URL: the origin the 401's resource metadata URL names (else the request's). */
    publicUrl: string | undefined;
  },
) {
  const { tokens } = deps;

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
    const token = bearer(request);
    await countCalls(request, token);
    const holder = token ? await tokens.verify(token) : null;
    if (!holder) {
      // How to get a token (MCP authorization): the protected-resource metadata, and the scopes.
      const metadata = mcpResourceMetadataUrl(serverOrigin(request, deps.publicUrl));
      reply.header(
        "www-authenticate",
        `Bearer realm="NeuroOS", resource_metadata="${metadata}", scope="${MCP_SCOPES.join(" ")}"`,
      );
      throw new AppError(
        401,
        "unauthorized",
        "A valid NeuroOS access token is required (Authorization: Bearer nos_...)",
      );
    }
    if (holder.scope === "models")
      throw new AppError(
        403,
        "forbidden",
        "This token reaches only the OpenAI-compatible API (/v1): make a Read-only or Full token for MCP",
      );
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
  app.post("/mcp", handle);
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
