import {
  createMcpServerSchema,
  getMcpPromptSchema,
  type McpServerDetail,
  readMcpResourceQuerySchema,
  updateMcpServerSchema,
} from "@neuroos/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { parse } from "../http/errors";
import type { McpConnections } from "./connections";
import type { McpContents } from "./contents";
import type { McpServerConfig, McpServers } from "./servers";

/** How long GET /api/mcp/servers/:id waits for a connection being made before answering. */
const STATUS_WAIT_MS = 3000;

type WithId = FastifyRequest<{ Params: { id: string } }>;

/** /api/mcp/servers: the person's MCP servers (NeuroOS as an MCP client) and their live state. */
export async function mcpClientRoutes(
  app: FastifyInstance,
  deps: { db: Db; servers: McpServers; connections: McpConnections; contents: McpContents },
) {
  const { servers, connections, contents } = deps;
  const userId = (request: FastifyRequest) => request.user?.id ?? "";
  const detail = async (
    found: { config: McpServerConfig; createdAt: Date },
    waitMs: number,
  ): Promise<McpServerDetail> => ({
    ...servers.summary(found.config, found.createdAt),
    status: await connections.status(found.config, waitMs),
  });

  app.addHook("onRequest", requireSession(deps.db));
  app.get("/api/mcp/servers", async (request) =>
    (await servers.list(userId(request))).map((s) => servers.summary(s.config, s.createdAt)),
  );
  app.get("/api/mcp/servers/:id", async (request: WithId) =>
    detail(await servers.get(userId(request), request.params.id), STATUS_WAIT_MS),
  );
  app.post("/api/mcp/servers", async (request, reply) => {
    const made = await servers.create(userId(request), parse(createMcpServerSchema, request.body));
    return reply.status(201).send(await detail(made, 0));
  });
  app.patch("/api/mcp/servers/:id", async (request: WithId) => {
    const input = parse(updateMcpServerSchema, request.body);
    const changed = await servers.update(userId(request), request.params.id, input);
    connections.forget(changed.config.id);
    return detail(changed, 0);
  });
  // What a server holds besides tools: one resource read, one prompt filled in.
  app.get("/api/mcp/servers/:id/resource", async (request: WithId) => {
    const { uri } = parse(readMcpResourceQuerySchema, request.query);
    return contents.readResource(userId(request), request.params.id, uri);
  });
  app.post("/api/mcp/servers/:id/prompt", async (request: WithId) => {
    const input = parse(getMcpPromptSchema, request.body);
    return contents.getPrompt(userId(request), request.params.id, input.name, input.arguments);
  });
  app.delete("/api/mcp/servers/:id", async (request: WithId, reply) => {
    await servers.remove(userId(request), request.params.id);
    connections.forget(request.params.id);
    return reply.status(204).send();
  });
}
