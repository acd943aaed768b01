import { memoryInputSchema } from "@neuroos/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { parse } from "../http/errors";
import type { MemoryService } from "./service";

type WithId = FastifyRequest<{ Params: { id: string } }>;

/** The person's remembered facts, listed and edited in Settings. */
export async function memoryRoutes(
  app: FastifyInstance,
  deps: { db: Db; memories: MemoryService },
): Promise<void> {
  const { memories } = deps;
  app.addHook("onRequest", requireSession(deps.db));
  const userId = (request: FastifyRequest) => request.user?.id ?? "";

  app.get("/api/memories", async (request) => memories.list(userId(request)));

  app.post("/api/memories", async (request, reply) => {
    const { content } = parse(memoryInputSchema, request.body);
    return reply.status(201).send(await memories.add(userId(request), content, "user"));
  });

  app.patch("/api/memories/:id", async (request: WithId) => {
    const { content } = parse(memoryInputSchema, request.body);
    return memories.update(userId(request), request.params.id, content);
  });

  app.delete("/api/memories/:id", async (request: WithId, reply) => {
    await memories.remove(userId(request), request.params.id);
    return reply.status(204).send();
  });
}
