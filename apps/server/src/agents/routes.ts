import { agentsApi, agentsQuerySchema, type PathParams } from "@neuroos/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { AppError, parse } from "../http/errors";
import { currentUser } from "../http/request-user";
import * as agents from "./service";

type WithId = FastifyRequest<{ Params: PathParams<typeof agentsApi.get.path> }>;

export async function agentRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const { db } = deps;
  app.addHook("onRequest", requireSession(db));

  // ?userId= lists another user's agents, for an admin only.
  app.get(agentsApi.list.path, async (request) => {
    const query = parse(agentsQuerySchema, request.query);
    const owner = query.userId ?? currentUser(request).id;
    if (owner !== currentUser(request).id && currentUser(request).role !== "admin") {
      throw new AppError(403, "forbidden", "Only an admin can list another user's agents");
    }
    return agents.listAgents(db, owner);
  });

  app.get(agentsApi.get.path, async (request: WithId) =>
    agents.getAgent(db, currentUser(request).id, request.params.id),
  );

  app.post(agentsApi.create.path, async (request, reply) => {
    const input = parse(agentsApi.create.body, request.body);
    return reply.status(201).send(await agents.createAgent(db, currentUser(request).id, input));
  });

  app.patch(agentsApi.update.path, async (request: WithId) => {
    const input = parse(agentsApi.update.body, request.body);
    return agents.updateAgent(db, currentUser(request).id, request.params.id, input);
  });

  app.delete(agentsApi.remove.path, async (request: WithId, reply) => {
    await agents.deleteAgent(db, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });
}
