import { createSessionSchema, updateSessionSchema } from "@neuroos/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { parse } from "../http/errors";
import type { EventBus } from "../live/bus";
import * as chat from "./service";

type WithId = FastifyRequest<{ Params: { id: string } }>;

/** Sessions and their messages; every change reaches the user's other browsers as a live frame. */
export async function chatRoutes(app: FastifyInstance, deps: { db: Db; bus: EventBus }): Promise<void> {
  const { db, bus } = deps;
  app.addHook("onRequest", requireSession(db));
  const userId = (request: FastifyRequest) => request.user?.id ?? "";

  app.get("/api/sessions", async (request) => chat.listSessions(db, userId(request)));

  app.post("/api/sessions", async (request, reply) => {
    const input = parse(createSessionSchema, request.body);
    const session = await chat.createSession(db, userId(request), input);
    bus.publish(userId(request), { type: "session_updated", session });
    return reply.status(201).send(session);
  });

  app.patch("/api/sessions/:id", async (request: WithId) => {
    const changes = parse(updateSessionSchema, request.body);
    const session = await chat.updateSession(db, userId(request), request.params.id, changes);
    bus.publish(userId(request), { type: "session_updated", session });
    return session;
  });

  app.delete("/api/sessions/:id", async (request: WithId, reply) => {
    await chat.deleteSession(db, userId(request), request.params.id);
    bus.publish(userId(request), { type: "session_deleted", sessionId: request.params.id });
    return reply.status(204).send();
  });

  app.get("/api/sessions/:id/messages", async (request: WithId) =>
    chat.listMessages(db, userId(request), request.params.id),
  );
}
