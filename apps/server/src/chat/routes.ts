import { createSessionSchema, updateSessionSchema } from "@neuroos/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { parse } from "../http/errors";
import { currentUser } from "../http/request-user";
import type { EventBus } from "../live/bus";
import * as chat from "./service";
import { trashSession } from "./trash";

type WithId = FastifyRequest<{ Params: { id: string } }>;

/** Sessions and their messages; every change reaches the user's other browsers as a live frame. */
export async function chatRoutes(app: FastifyInstance, deps: { db: Db; bus: EventBus }): Promise<void> {
  const { db, bus } = deps;
  app.addHook("onRequest", requireSession(db));

  app.get("/api/sessions", async (request) => chat.listSessions(db, currentUser(request).id));

  app.post("/api/sessions", async (request, reply) => {
    const input = parse(createSessionSchema, request.body);
    const session = await chat.createSession(db, currentUser(request).id, input);
    bus.publish(currentUser(request).id, { type: "session_updated", session });
    return reply.status(201).send(session);
  });

  app.patch("/api/sessions/:id", async (request: WithId) => {
    const changes = parse(updateSessionSchema, request.body);
    const session = await chat.updateSession(db, currentUser(request).id, request.params.id, changes);
    bus.publish(currentUser(request).id, { type: "session_updated", session });
    return session;
  });

  app.delete("/api/sessions/:id", async (request: WithId, reply) => {
    await trashSession(db, currentUser(request).id, request.params.id); // restorable for 30 days
    bus.publish(currentUser(request).id, { type: "session_deleted", sessionId: request.params.id });
    return reply.status(204).send();
  });

  app.get("/api/sessions/:id/messages", async (request: WithId) =>
    chat.listMessages(db, currentUser(request).id, request.params.id),
  );
}
