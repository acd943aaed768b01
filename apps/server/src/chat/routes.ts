import { createSessionSchema, updateSessionSchema } from "@neuroos/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { parse } from "../http/errors";
import * as chat from "./service";

type WithId = FastifyRequest<{ Params: { id: string } }>;

export async function chatRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const { db } = deps;
  app.addHook("onRequest", requireSession(db));
  const userId = (request: FastifyRequest) => request.user?.id ?? "";

  app.get("/api/sessions", async (request) => chat.listSessions(db, userId(request)));

  app.post("/api/sessions", async (request, reply) => {
    const input = parse(createSessionSchema, request.body);
    return reply.status(201).send(await chat.createSession(db, userId(request), input));
  });

  app.patch("/api/sessions/:id", async (request: WithId) => {
    const changes = parse(updateSessionSchema, request.body);
    return chat.updateSession(db, userId(request), request.params.id, changes);
  });

  app.delete("/api/sessions/:id", async (request: WithId, reply) => {
    await chat.deleteSession(db, userId(request), request.params.id);
    return reply.status(204).send();
  });

  app.get("/api/sessions/:id/messages", async (request: WithId) =>
    chat.listMessages(db, userId(request), request.params.id),
  );
}
