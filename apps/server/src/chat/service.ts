import type { ChatMessage, ChatSession } from "@neuroos/contracts";
import { and, asc, desc, eq } from "drizzle-orm";
import { getAgent } from "../agents/service";
import type { Db } from "../db/client";
import { chatMessages, chatSessions } from "../db/schema";
import { notFound } from "../http/errors";
import { isUuid } from "../http/ids";

type SessionRow = typeof chatSessions.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

const toSession = (row: SessionRow): ChatSession => ({
  id: row.id,
  title: row.title,
  agentId: row.agentId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  sessionId: row.sessionId,
  role: row.role,
  content: row.content,
  timestamp: row.createdAt.toISOString(),
  metadata: row.metadata,
});

export async function listSessions(db: Db, userId: string): Promise<ChatSession[]> {
  const rows = await db
    .select()
    .from(chatSessions)
    .where(eq(chatSessions.userId, userId))
    .orderBy(desc(chatSessions.createdAt));
  return rows.map(toSession);
}

export async function createSession(
  db: Db,
  userId: string,
  input: { title: string; agentId: string | null },
): Promise<ChatSession> {
  if (input.agentId) await getAgent(db, userId, input.agentId);
  const [row] = await db
    .insert(chatSessions)
    .values({ userId, ...input })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return toSession(row);
}

/** The user's own session; another user's id, or an id that is not one, is 404 alike. */
export async function getSession(db: Db, userId: string, sessionId: string): Promise<ChatSession> {
  if (!isUuid(sessionId)) throw notFound("Session");
  const [row] = await db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)));
  if (!row) throw notFound("Session");
  return toSession(row);
}

export async function updateSession(
  db: Db,
  userId: string,
  sessionId: string,
  changes: { title?: string; agentId?: string | null },
): Promise<ChatSession> {
  await getSession(db, userId, sessionId);
  if (changes.agentId) await getAgent(db, userId, changes.agentId);
  const [row] = await db
    .update(chatSessions)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(chatSessions.id, sessionId))
    .returning();
  if (!row) throw notFound("Session");
  return toSession(row);
}

export async function deleteSession(db: Db, userId: string, sessionId: string): Promise<void> {
  await getSession(db, userId, sessionId);
  await db.delete(chatSessions).where(eq(chatSessions.id, sessionId));
}

export async function listMessages(db: Db, userId: string, sessionId: string): Promise<ChatMessage[]> {
  await getSession(db, userId, sessionId);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  return rows.map(toMessage);
}

/** Marks the session as active now (a new user message). */
export async function touchSession(db: Db, sessionId: string): Promise<void> {
  await db.update(chatSessions).set({ updatedAt: new Date() }).where(eq(chatSessions.id, sessionId));
}

export async function addMessage(
  db: Db,
  message: Pick<ChatMessage, "sessionId" | "role" | "content" | "metadata"> & { id?: string },
): Promise<ChatMessage> {
  const [row] = await db.insert(chatMessages).values(message).returning();
  if (!row) throw new Error("insert returned no row");
  return toMessage(row);
}
