import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createAccessTokenSchema } from "@neuroos/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Approvals } from "../agent/approvals";
import type { ToolRegistry } from "../agent/tools";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { AppError, errorBody, parse } from "../http/errors";
import type { EventBus } from "../live/bus";
import { mcpServerFor } from "./server";
import { AccessTokens, hashOf } from "./tokens";

/** Calls one token may make a minute on /mcp. */
export const MCP_CALLS_PER_MINUTE = 120;

const bearer = (request: FastifyRequest) => /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1];

/**
 * /api/access-tokens: the person's tokens (make one, shown once; list; revoke).
 * /mcp: NeuroOS as an MCP server (Streamable HTTP, stateless), for the holder of a token.
 */
export async function mcpRoutes(
  app: FastifyInstance,
  deps: { db: Db; bus: EventBus; tools: ToolRegistry; approvals: Approvals; approvalTimeoutMs: number },
) {
  const tokens = new AccessTokens(deps.db);
  const userId = (request: FastifyRequest) => request.user?.id ?? "";

  await app.register(async (sessionRoutes) => {
    sessionRoutes.addHook("onRequest", requireSession(deps.db));
    sessionRoutes.get("/api/access-tokens", async (request) => tokens.list(userId(request)));
    sessionRoutes.post("/api/access-tokens", async (request, reply) =>
      reply
        .status(201)
        .send(await tokens.create(userId(request), parse(createAccessTokenSchema, request.body))),
    );
    sessionRoutes.delete(
      "/api/access-tokens/:id",
      async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
        await tokens.revoke(userId(request), request.params.id);
        return reply.status(204).send();
      },
    );
  });

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearer(request);
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
  const limited = {
    config: {
      rateLimit: {
        max: MCP_CALLS_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => {
          const token = bearer(request);
          return token ? hashOf(token) : request.ip;
        },
      },
    },
  };
  app.post("/mcp", limited, handle);
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
