import { randomUUID } from "node:crypto";
import type { ChatMessage, ChatSession } from "@neuroos/contracts";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { getAgent } from "../agents/service";
import type { Db } from "../db/client";
import { chatMessages, chatSessions } from "../db/schema";
import { storableJson, storableText } from "../db/storable";
import { storedAt } from "../db/stored-at";
import { notFound } from "../http/errors";
import { isUuid } from "../http/ids";

type SessionRow = typeof chatSessions.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

export const toSession = (row: SessionRow): ChatSession => ({
  id: row.id,
  title: row.title,
  agentId: row.agentId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toMessage = (row: Omit<MessageRow, "seq">): ChatMessage => ({
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

export async function listMessages(db: Db, userId: string, sessionId: string): Promise<ChatMessage[]> {
  await getSession(db, userId, sessionId);
  return messagesOf(db, sessionId);
}

/** The messages of a session the caller already got through getSession (the user's own). */
export async function messagesOf(db: Db, sessionId: string): Promise<ChatMessage[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(asc(chatMessages.seq));
  return rows.map(toMessage);
}

type NewMessage = Pick<ChatMessage, "sessionId" | "role" | "content" | "metadata"> & { id?: string };

/**
 * One message as a hand-written INSERT (its id chosen here) returning only its timestamp, and
 * the message as stored. Cheaper than drizzle's builder, RETURNING * and row mapping, which
 * cost more than PGlite's insert itself on the agent loop's hot path.
 */
function messageInsert(message: NewMessage): { sql: SQL; stored(createdAt: Date): ChatMessage } {
  const id = message.id ?? randomUUID();
  const content = storableText(message.content);
  const metadata = storableJson(message.metadata);
  return {
    sql: sql`insert into ${chatMessages} (id, session_id, role, content, metadata) values (${id}, ${message.sessionId}, ${message.role}, ${content}, ${metadata}::jsonb) returning to_json(created_at) as at`,
    stored: (createdAt) =>
      toMessage({
        id,
        sessionId: message.sessionId,
        role: message.role,
        content,
        metadata: JSON.parse(metadata),
        createdAt,
      }),
  };
}

export async function addMessage(db: Db, message: NewMessage): Promise<ChatMessage> {
  const insert = messageInsert(message);
  return insert.stored(await storedAt(db, insert.sql));
}

/** Stores a message of the user and marks the session as active, in one statement. */
export async function addUserMessage(
  db: Db,
  message: Pick<ChatMessage, "sessionId" | "content" | "metadata">,
): Promise<ChatMessage> {
  const insert = messageInsert({ ...message, role: "user" });
  const touch = sql`update ${chatSessions} set updated_at = ${new Date().toISOString()} where id = ${message.sessionId}`;
  return insert.stored(await storedAt(db, sql`with s as (${touch}) ${insert.sql}`));
}
