import {
  fileNameOf,
  type PathParams,
  SESSION_IMPORT_MAX_BYTES,
  sessionExportQuerySchema,
  sessionListQuerySchema,
  sessionSearchQuerySchema,
  sessionsApi,
} from "@neuroos/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { parse } from "../http/errors";
import { currentUser } from "../http/request-user";
import type { EventBus } from "../live/bus";
import * as chat from "./service";
import { exportSession, importSession } from "./session-export";
import { searchSessions } from "./session-search";
import { trashSession } from "./trash";

type WithId = FastifyRequest<{ Params: PathParams<typeof sessionsApi.update.path> }>;

/** Sessions and their messages; every change reaches the user's other browsers as a live frame. */
export async function chatRoutes(app: FastifyInstance, deps: { db: Db; bus: EventBus }): Promise<void> {
  const { db, bus } = deps;
  app.addHook("onRequest", requireSession(db));

  app.get(sessionsApi.list.path, async (request) => {
    const { archived } = parse(sessionListQuerySchema, request.query);
    return chat.listSessions(db, currentUser(request).id, archived === "true");
  });

  app.get(sessionsApi.search.path, async (request) => {
    const { q } = parse(sessionSearchQuerySchema, request.query);
    return searchSessions(db, currentUser(request).id, q);
  });

  app.get(sessionsApi.export.path, async (request: WithId, reply) => {
    const { format } = parse(sessionExportQuerySchema, request.query);
    const file = await exportSession(db, currentUser(request).id, request.params.id, format);
    const name = fileNameOf(file.title, file.extension, "Session");
    return reply
      .header("content-type", file.type)
      .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(file.body);
  });

  app.post(sessionsApi.import.path, { bodyLimit: SESSION_IMPORT_MAX_BYTES }, async (request, reply) => {
    const input = parse(sessionsApi.import.body, request.body);
    const session = await importSession(db, currentUser(request).id, input);
    bus.publish(currentUser(request).id, { type: "session_updated", session });
    return reply.status(201).send(session);
  });

  app.post(sessionsApi.create.path, async (request, reply) => {
    const input = parse(sessionsApi.create.body, request.body);
    const session = await chat.createSession(db, currentUser(request).id, input);
    bus.publish(currentUser(request).id, { type: "session_updated", session });
    return reply.status(201).send(session);
  });

  app.patch(sessionsApi.update.path, async (request: WithId) => {
    const changes = parse(sessionsApi.update.body, request.body);
    const session = await chat.updateSession(db, currentUser(request).id, request.params.id, changes);
    bus.publish(currentUser(request).id, { type: "session_updated", session });
    return session;
  });

  app.delete(sessionsApi.remove.path, async (request: WithId, reply) => {
    await trashSession(db, currentUser(request).id, request.params.id); // restorable for 30 days
    bus.publish(currentUser(request).id, { type: "session_deleted", sessionId: request.params.id });
    return reply.status(204).send();
  });

  app.get(sessionsApi.messages.path, async (request: WithId) =>
    chat.listMessages(db, currentUser(request).id, request.params.id),
  );
}
