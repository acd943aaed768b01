import { logsApi, logsQuerySchema } from "@neuroos/contracts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { parse } from "../http/errors";
import { currentUser } from "../http/request-user";
import { listExecutions } from "./service";

export async function logsRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  app.get(logsApi.list.path, { onRequest: requireSession(deps.db) }, async (request) => {
    const { limit } = parse(logsQuerySchema, request.query);
    return listExecutions(deps.db, currentUser(request).id, limit);
  });
}
