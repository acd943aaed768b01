import type { ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { accessTokensApi, type PathParams } from "@neuroos/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Approvals } from "../agent/approvals";
import type { ToolRegistry } from "../agent/tools";
import { requireSession } from "../auth/session";
import { hashToken } from "../auth/tokens";
import type { Db } from "../db/client";
import type { DocumentService } from "../documents/service";
import { bearerToken } from "../http/bearer";
import { allowCrossOrigin } from "../http/cors";
import { AppError, errorBody, parse } from "../http/errors";
import type { OriginPolicy } from "../http/origin-guard";
import { mcpResourceMetadataUrl, serverOrigin } from "../http/public-origin";
import { countHit, tooManyRequests } from "../http/rate-limit-store";
import { currentUser } from "../http/request-user";
import type { EventBus } from "../live/bus";
import type { WorkspaceService } from "../workspace/service";
import { MCP_BODY_LIMIT, mcpBodyErrors } from "./body-limit";
import type { McpRunningCalls } from "./running-calls";
import { mcpServerFor } from "./server";
import { openSessionStream } from "./session-stream";
import { type McpSession, McpSessions } from "./sessions";
import type { AccessTokens, TokenHolder } from "./tokens";

/** The scopes a token for /mcp may have (OAuth's scopes_supported). */
export const MCP_SCOPES = ["read", "full"] as const;
/** Calls one token may make a minute on /mcp. */
export const MCP_CALLS_PER_MINUTE = 120;
/** The first protocol version without JSON-RPC batches (ISO dates compare as strings). */
const NO_BATCHES_FROM = "2025-06-18";

/**
 * /api/access-tokens: the person's tokens (make one, shown once; list; revoke).
 * /mcp: NeuroOS as an MCP server (Streamable HTTP), for the holder of a token: a session
 * (Mcp-Session-Id, made at initialize) is kept in the database, so every node answers it; GET
 * opens its stream of notifications, DELETE ends it. A client without one is served as before.
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
    origins: OriginPolicy;
    workspaces: WorkspaceService;
    documents: Pick<DocumentService, "list" | "get">;
    calls: McpRunningCalls;
    /** PUBLIC_URL: the origin the 401's resource metadata URL names (else the request's). */
    publicUrl: string | undefined;
  },
) {
  const { tokens } = deps;
  const sessions = new McpSessions(deps.db);
  const servers = { ...deps, sessions };

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

  /** Counts `hits` against `key`'s minute, in the database: every node counts into it. */
  const countHits = async (key: string, hits: number) => {
    const { count, ttlMs } = await countHit(deps.db, `mcp-calls ${key}`, 60_000, hits);
    if (count > MCP_CALLS_PER_MINUTE) throw tooManyRequests(ttlMs);
  };
  /** Counts the request's messages (a JSON-RPC batch holds many calls) against its token's minute. */
  const countCalls = async (request: FastifyRequest, holder: { tokenHash: string }) => {
    const batch = Array.isArray(request.body) ? request.body.length : 0;
    const version = request.headers["mcp-protocol-version"];
    if (batch > 0 && typeof version === "string" && version >= NO_BATCHES_FROM)
      throw new AppError(
        400,
        "bad_request",
        `MCP ${version} has no batches: send one JSON-RPC message per request`,
      );
    await countHits(holder.tokenHash, Math.max(1, batch));
  };

  /** The holder of the request's token (after the origin and the rate checks), or 401. */
  const holderOf = async (request: FastifyRequest, reply: FastifyReply) => {
    // The app's origin guard has compared the Origin with the own origin; without PUBLIC_URL that
    // is the Host's, so a page on a rebound name would pass it.
    if (!deps.origins.rebindingSafe(request))
      throw new AppError(
        403,
        "forbidden",
        "Cross-origin request refused: a page's request to /mcp must come from localhost or an IP address unless PUBLIC_URL (or ALLOWED_ORIGINS) names its origin",
      );
    const token = bearerToken(request);
    const holder = token ? await tokens.verify(token) : null;
    if (!holder) {
      // A missing or made-up token counts against the address: guessing is as slow as calling.
      await countHits(request.ip, 1);
      // How to get a token (MCP authorization): the protected-resource metadata, and the scopes.
      const metadata = mcpResourceMetadataUrl(serverOrigin(request, deps.publicUrl));
      reply.header(
        "www-authenticate",
        // A token that was sent but is no good says so (RFC 6750 3.1): the client refreshes or signs in again.
        `Bearer realm="NeuroOS", resource_metadata="${metadata}", scope="${MCP_SCOPES.join(" ")}"${token ? ', error="invalid_token"' : ""}`,
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
    return { ...holder, tokenHash: hashToken(token ?? "") };
  };
  /** The request's session (its Mcp-Session-Id), none without the header; an unknown one is answered 404. */
  const sessionOf = async (request: FastifyRequest, reply: FastifyReply, holder: TokenHolder) => {
    const id = request.headers["mcp-session-id"];
    if (typeof id !== "string") return null;
    const session = await sessions.find(holder, id);
    if (!session)
      reply.status(404).send({
        jsonrpc: "2.0",
        id: null,
        error: {
          code: -32001,
          message: "Session not found: it ended, or another token made it; initialize again",
        },
      });
    return session ?? "answered";
  };

  // A browser MCP client (the MCP Inspector...) on an origin ALLOWED_ORIGINS names may read /mcp.
  allowCrossOrigin(app, {
    paths: ["/mcp"],
    methods: ["GET", "POST", "DELETE"],
    allowHeaders: [
      "authorization",
      "content-type",
      "mcp-session-id",
      "mcp-protocol-version",
      "last-event-id",
    ],
    exposeHeaders: ["mcp-session-id", "www-authenticate"],
    origin: (request, origin) =>
      deps.origins.allows(request, origin) && deps.origins.rebindingSafe(request) ? origin : null,
  });

  // The token is checked before a body is read: without one, nobody gets 30 MiB parsed.
  const checked = new WeakMap<FastifyRequest, Awaited<ReturnType<typeof holderOf>>>();
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const holder = checked.get(request) ?? (await holderOf(request, reply));
    await countCalls(request, holder);
    const message = request.body as { method?: unknown } | null;
    const method = message && !Array.isArray(message) ? message.method : undefined;
    let session: McpSession | null = null;
    if (method === "initialize") {
      reply.raw.setHeader("mcp-session-id", await sessions.open(holder));
    } else {
      const found = await sessionOf(request, reply, holder);
      if (found === "answered") return reply;
      session = found;
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      // A tool run the session logs answers as a stream: its log messages go before the result.
      enableJsonResponse: !(method === "tools/call" && session?.logLevel),
    });
    const server = mcpServerFor(holder, servers, session, () => {
      // Closing the transport ends a stream; an answer not begun ends as 202, with no message.
      void transport.close();
      if (!reply.raw.headersSent) reply.raw.writeHead(202).end();
    });
    reply.hijack();
    reply.raw.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  };
  app.post(
    "/mcp",
    {
      bodyLimit: MCP_BODY_LIMIT,
      errorHandler: mcpBodyErrors,
      onRequest: async (request, reply) => {
        checked.set(request, await holderOf(request, reply));
      },
    },
    handle,
  );

  const withoutSession = (reply: FastifyReply) =>
    reply
      .status(405)
      .header("allow", "POST")
      .send(errorBody("method_not_allowed", "Without an Mcp-Session-Id, use POST for MCP requests"));
  // A session's stream of notifications (resources changed, subscribed files updated); the open
  // ones end as the server closes (a client reconnects to another node).
  const streams = new Set<ServerResponse>();
  app.addHook("preClose", async () => {
    for (const stream of streams) stream.end();
  });
  app.get("/mcp", async (request, reply) => {
    const holder = await holderOf(request, reply);
    await countCalls(request, holder);
    if (typeof request.headers["mcp-session-id"] !== "string") return withoutSession(reply);
    if (!String(request.headers.accept ?? "").includes("text/event-stream"))
      return reply
        .status(406)
        .send(errorBody("not_acceptable", "The stream is text/event-stream: say so in Accept"));
    const session = await sessionOf(request, reply, holder);
    if (session === "answered" || session === null) return reply;
    reply.hijack();
    streams.add(reply.raw);
    reply.raw.on("close", () => streams.delete(reply.raw));
    openSessionStream(reply.raw, { bus: deps.bus, sessions }, { id: session.id, userId: holder.user.id });
  });
  // Ends a session: its subscriptions and its log level go with it.
  app.delete("/mcp", async (request, reply) => {
    const holder = await holderOf(request, reply);
    await countCalls(request, holder);
    const id = request.headers["mcp-session-id"];
    if (typeof id !== "string") return withoutSession(reply);
    if (!(await sessions.end(holder, id)))
      return reply.status(404).send(errorBody("not_found", "Session not found"));
    return reply.status(204).send();
  });
}
