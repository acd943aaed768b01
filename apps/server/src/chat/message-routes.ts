import { type PathParams, sessionsApi } from "@neuroos/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { currentUser } from "../http/request-user";
import { deleteMessage, showMessage } from "./message-actions";
import type { ChatReplies } from "./replies";

type WithMessage = FastifyRequest<{ Params: PathParams<typeof sessionsApi.showMessage.path> }>;

/**
 * A session's messages one by one: show another version, delete one with what follows it. Each
 * is refused (409) while a reply runs in the session; the person's other browsers read the
 * branch again (`messages_changed`).
 */
export async function messageRoutes(
  app: FastifyInstance,
  deps: { db: Db; replies: Pick<ChatReplies, "whileIdle"> },
): Promise<void> {
  const { db, replies } = deps;
  app.addHook("onRequest", requireSession(db));

  app.post(sessionsApi.showMessage.path, async (request: WithMessage) => {
    const { id, messageId } = request.params;
    return replies.whileIdle(currentUser(request).id, id, () => showMessage(db, id, messageId));
  });

  app.delete(sessionsApi.deleteMessage.path, async (request: WithMessage) => {
    const { id, messageId } = request.params;
    return replies.whileIdle(currentUser(request).id, id, () => deleteMessage(db, id, messageId));
  });
}
