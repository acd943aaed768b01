import {
  type McpServerDetail,
  mcpServersApi,
  type PathParams,
  readMcpResourceQuerySchema,
} from "@neuroos/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { parse } from "../http/errors";
import { currentUser } from "../http/request-user";
import type { McpConnections } from "./connections";
import type { McpContents } from "./contents";
import type { McpServerConfig, McpServers, McpViewer } from "./servers";

/** How long GET /api/mcp/servers/:id (and a reconnect) waits for a connection being made. */
const STATUS_WAIT_MS = 3000;

type WithId = FastifyRequest<{ Params: PathParams<typeof mcpServersApi.get.path> }>;

/**
 * /api/mcp/servers: the person's MCP servers and the admin's shared ones (NeuroOS as an MCP
 * client), with their live state.
 */
export async function mcpClientRoutes(
  app: FastifyInstance,
  deps: { db: Db; servers: McpServers; connections: McpConnections; contents: McpContents },
) {
  const { servers, connections, contents } = deps;
  const viewer = (request: FastifyRequest): McpViewer => {
    const { id, role } = currentUser(request);
    return { id, role };
  };
  const detail = async (
    request: FastifyRequest,
    found: { config: McpServerConfig; createdAt: Date },
    status: McpServerDetail["status"] | Promise<McpServerDetail["status"]>,
  ): Promise<McpServerDetail> => ({
    ...servers.summary(found.config, found.createdAt, viewer(request).role),
    status: await status,
  });

  app.addHook("onRequest", requireSession(deps.db));
  app.get(mcpServersApi.list.path, async (request) =>
    (await servers.list(viewer(request).id)).map((s) =>
      servers.summary(s.config, s.createdAt, viewer(request).role),
    ),
  );
  app.get(mcpServersApi.get.path, async (request: WithId) => {
    const found = await servers.get(viewer(request).id, request.params.id);
    return detail(request, found, connections.status(found.config, STATUS_WAIT_MS));
  });
  app.post(mcpServersApi.create.path, async (request, reply) => {
    const made = await servers.create(viewer(request), parse(mcpServersApi.create.body, request.body));
    return reply.status(201).send(await detail(request, made, connections.status(made.config, 0)));
  });
  app.patch(mcpServersApi.update.path, async (request: WithId) => {
    const input = parse(mcpServersApi.update.body, request.body);
    const changed = await servers.update(viewer(request), request.params.id, input);
    connections.forget(changed.config.id);
    return detail(request, changed, connections.status(changed.config, 0));
  });
  // Connects again at once (a failed server otherwise waits for its backoff).
  app.post(mcpServersApi.reconnect.path, async (request: WithId) => {
    const found = await servers.get(viewer(request).id, request.params.id);
    return detail(request, found, connections.reconnect(found.config, STATUS_WAIT_MS));
  });
  // What a server holds besides tools: one resource read, one prompt filled in.
  app.get(mcpServersApi.readResource.path, async (request: WithId) => {
    const { uri } = parse(readMcpResourceQuerySchema, request.query);
    return contents.readResource(viewer(request).id, request.params.id, uri);
  });
  app.post(mcpServersApi.prompt.path, async (request: WithId) => {
    const input = parse(mcpServersApi.prompt.body, request.body);
    return contents.getPrompt(viewer(request).id, request.params.id, input.name, input.arguments);
  });
  app.delete(mcpServersApi.remove.path, async (request: WithId, reply) => {
    await servers.remove(viewer(request), request.params.id);
    connections.forget(request.params.id);
    return reply.status(204).send();
  });
}
