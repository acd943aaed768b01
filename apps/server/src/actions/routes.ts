import { aiActionIdSchema, aiActionRequestSchema } from "@neuroos/contracts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { clientGone } from "../http/client-gone";
import { AppError, parse } from "../http/errors";
import { currentUser } from "../http/request-user";
import type { LlmGateway } from "../llm";
import { sendEventStream } from "../llm/sse";
import { runAction } from "./service";

/** POST /api/actions/:id/stream: runs one AI action for the signed-in person, streamed (SSE). */
export async function actionRoutes(
  app: FastifyInstance,
  deps: { db: Db; gateway: LlmGateway },
): Promise<void> {
  app.post<{ Params: { id: string } }>(
    "/api/actions/:id/stream",
    { onRequest: requireSession(deps.db) },
    async (request, reply) => {
      const id = aiActionIdSchema.safeParse(request.params.id);
      if (!id.success)
        throw new AppError(404, "not_found", `No such AI action: ${request.params.id.slice(0, 60)}`);
      const body = parse(aiActionRequestSchema, request.body);
      const signal = clientGone(reply);
      const events = runAction(deps.gateway, {
        userId: currentUser(request).id,
        id: id.data,
        input: body.input,
        language: body.language,
        config: body.config,
        signal,
      });
      return sendEventStream(request, reply, events, signal);
    },
  );
}
