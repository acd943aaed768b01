import { memoriesApi, type PathParams } from "@neuroos/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { parse } from "../http/errors";
import { currentUser } from "../http/request-user";
import type { MemoryService } from "./service";

type WithId = FastifyRequest<{ Params: PathParams<typeof memoriesApi.update.path> }>;

/** The person's remembered facts, listed and edited in Settings. */
export async function memoryRoutes(
  app: FastifyInstance,
  deps: { db: Db; memories: MemoryService },
): Promise<void> {
  const { memories } = deps;
  app.addHook("onRequest", requireSession(deps.db));

  app.get(memoriesApi.list.path, async (request) => memories.list(currentUser(request).id));

  app.post(memoriesApi.add.path, async (request, reply) => {
    const { content } = parse(memoriesApi.add.body, request.body);
    return reply.status(201).send(await memories.add(currentUser(request).id, content, "user"));
  });

  app.patch(memoriesApi.update.path, async (request: WithId) => {
    const { content } = parse(memoriesApi.update.body, request.body);
    return memories.update(currentUser(request).id, request.params.id, content);
  });

  app.delete(memoriesApi.remove.path, async (request: WithId, reply) => {
    await memories.remove(currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });
}
