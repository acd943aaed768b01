import { createMcpServerSchema, type McpServerDetail, updateMcpServerSchema } from "@neuroos/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { parse } from "../http/errors";
import type { McpConnections } from "./connections";
import type { McpServerConfig, McpServers } from "./servers";

/** How long GET /api/mcp/servers/:id waits for a connection being made before answering. */
const STATUS_WAIT_MS = 3000;

type WithId = FastifyRequest<{ Params: { id: string } }>;

/** /api/mcp/servers: the person's MCP servers (NeuroOS as an MCP client) and their live state. */
export async function mcpClientRoutes(
  app: FastifyInstance,
  deps: { db: Db; servers: McpServers; connections: McpConnections },
) {
  const { servers, connections } = deps;
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
  app.delete("/api/mcp/servers/:id", async (request: WithId, reply) => {
    await servers.remove(userId(request), request.params.id);
    connections.forget(request.params.id);
    return reply.status(204).send();
  });
}
