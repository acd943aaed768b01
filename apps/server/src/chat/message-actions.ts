import type { ChatMessage } from "@neuroos/contracts";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { chatMessages, chatSessions } from "../db/schema";
import { notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { childrenOf, newestLeaf } from "./branches";
import { withOutputs } from "./message-outputs";
import * as chat from "./service";

/**
 * What a person does to a session's messages besides sending one: show another version (another
 * branch), delete a message with what follows it, and find what an edit or a regenerated reply
 * follows. The caller holds the session (no turn runs in it meanwhile) and checked it is theirs.
 */

/** A message of the session (any branch) and every message of it; 404 when it is not one of them. */
async function messageOf(db: Db, sessionId: string, messageId: string) {
  if (!isUuid(messageId)) throw notFound("Message");
  const all = await chat.allMessagesOf(db, sessionId);
  const message = all.find((m) => m.id === messageId);
  if (!message) throw notFound("Message");
  return { message, all };
}

async function setHead(db: Db, sessionId: string, headId: string | null): Promise<void> {
  await db.update(chatSessions).set({ headId }).where(eq(chatSessions.id, sessionId));
}

/** Shows the branch through the message (each step its newest continuation); answers that branch. */
export async function showMessage(db: Db, sessionId: string, messageId: string): Promise<ChatMessage[]> {
  const { all } = await messageOf(db, sessionId, messageId);
  await setHead(db, sessionId, newestLeaf(all, messageId));
  return withOutputs(db, await chat.messagesOf(db, sessionId));
}

/**
 * Deletes the message and every message after it (the database cascades along parents). When the
 * branch shown went with it, the newest branch under its parent is shown (or, for a first
 * message, under the newest first message left); answers the branch shown.
 */
export async function deleteMessage(db: Db, sessionId: string, messageId: string): Promise<ChatMessage[]> {
  const { message, all } = await messageOf(db, sessionId, messageId);
  const [session] = await db
    .select({ headId: chatSessions.headId })
    .from(chatSessions)
    .where(eq(chatSessions.id, sessionId));
  const children = childrenOf(all);
  const gone = new Set<string>();
  for (const stack = [messageId]; stack.length > 0; ) {
    const id = stack.pop() as string;
    gone.add(id);
    for (const child of children.get(id) ?? []) stack.push(child.id);
  }
  const left = all.filter((m) => !gone.has(m.id));
  const headId = session?.headId ?? null;
  const headGone = headId === null || gone.has(headId);
  await db.transaction(async (tx) => {
    await tx
      .delete(chatMessages)
      .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.id, messageId)));
    if (!headGone) return;
    const from = message.parentId ?? left.filter((m) => m.parentId === null).at(-1)?.id ?? null;
    await tx
      .update(chatSessions)
      .set({ headId: from === null ? null : newestLeaf(left, from) })
      .where(eq(chatSessions.id, sessionId));
  });
  return withOutputs(db, await chat.messagesOf(db, sessionId));
}

/** The user message an edit is a new version of: its parent is the new message's (404 unless a user message of the session). */
export async function editedMessage(db: Db, sessionId: string, messageId: string): Promise<ChatMessage> {
  const { message } = await messageOf(db, sessionId, messageId);
  if (message.role !== "user") throw notFound("Message");
  return message;
}

/**
 * The user message a reply answered (its nearest user ancestor), made the head: the turn that
 * follows answers it again, its reply a new version beside the old one. 404 unless a reply of
 * the session (an assistant, tool or system message after a user message).
 */
export async function answerAgain(
  db: Db,
  sessionId: string,
  messageId: string,
): Promise<{ asked: ChatMessage; before: string | null }> {
  const { message, all } = await messageOf(db, sessionId, messageId);
  if (message.role === "user") throw notFound("Reply");
  const byId = new Map(all.map((m) => [m.id, m]));
  let at: ChatMessage | undefined = message;
  while (at && at.role !== "user") at = at.parentId ? byId.get(at.parentId) : undefined;
  if (!at) throw notFound("Reply");
  const [session] = await db
    .select({ headId: chatSessions.headId })
    .from(chatSessions)
    .where(eq(chatSessions.id, sessionId));
  await setHead(db, sessionId, at.id);
  return { asked: at, before: session?.headId ?? null };
}

/**
 * A regenerate that stored nothing (stopped before the model answered): the branch shown goes
 * back to the one before, when the head is still the question. Answers whether it did.
 */
export async function undoAnswerAgain(
  db: Db,
  sessionId: string,
  again: { asked: ChatMessage; before: string | null },
): Promise<boolean> {
  if (again.before === null || again.before === again.asked.id) return false;
  const moved = await db
    .update(chatSessions)
    .set({ headId: again.before })
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.headId, again.asked.id)))
    .returning({ id: chatSessions.id });
  return moved.length > 0;
}
