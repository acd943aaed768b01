import { randomUUID } from "node:crypto";
import type { ChatMessage, ChatSession, SessionChanges } from "@neuroos/contracts";
import { and, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { defaultAgentId, getAgent } from "../agents/service";
import type { Db } from "../db/client";
import { chatMessages, chatSessions } from "../db/schema";
import { storableJson, storableText } from "../db/storable";
import { atOf, rawRows, storedRow } from "../db/stored-at";
import { notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { branchOf } from "./branches";
import { withOutputs } from "./message-outputs";

type SessionRow = typeof chatSessions.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

export const toSession = (row: SessionRow): ChatSession => ({
  id: row.id,
  title: row.title,
  agentId: row.agentId,
  provider: row.provider,
  model: row.model,
  pinnedAt: row.pinnedAt?.toISOString() ?? null,
  archivedAt: row.archivedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toMessage = (row: Omit<MessageRow, "seq">): ChatMessage => ({
  id: row.id,
  sessionId: row.sessionId,
  parentId: row.parentId,
  role: row.role,
  content: row.content,
  timestamp: row.createdAt.toISOString(),
  metadata: row.metadata,
});

/**
 * The person's sessions, pinned ones first, each group by latest activity; the archived ones
 * only (`archived`), or the others.
 */
export async function listSessions(db: Db, userId: string, archived = false): Promise<ChatSession[]> {
  const rows = await db
    .select()
    .from(chatSessions)
    .where(
      and(
        eq(chatSessions.userId, userId),
        archived ? isNotNull(chatSessions.archivedAt) : isNull(chatSessions.archivedAt),
      ),
    )
    .orderBy(
      sql`${chatSessions.pinnedAt} is null`,
      desc(chatSessions.updatedAt),
      desc(chatSessions.createdAt),
      desc(chatSessions.id),
    );
  return rows.map(toSession);
}

/** A new session: with the agent given, plain chat (null), or, without one, the person's default agent. */
export async function createSession(
  db: Db,
  userId: string,
  input: { title: string; agentId?: string | null },
): Promise<ChatSession> {
  const agentId = input.agentId === undefined ? await defaultAgentId(db, userId) : input.agentId;
  if (agentId) await getAgent(db, userId, agentId);
  const [row] = await db.insert(chatSessions).values({ userId, title: input.title, agentId }).returning();
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
  changes: SessionChanges,
): Promise<ChatSession> {
  await getSession(db, userId, sessionId);
  if (changes.agentId) await getAgent(db, userId, changes.agentId);
  const { pinned, archived, ...rest } = changes;
  const now = new Date();
  const [row] = await db
    .update(chatSessions)
    .set({
      ...rest,
      ...(pinned === undefined ? {} : { pinnedAt: pinned ? now : null }),
      ...(archived === undefined ? {} : { archivedAt: archived ? now : null }),
      // Pinning or archiving is not activity: the session keeps its place among the newest.
      ...(Object.keys(rest).length > 0 ? { updatedAt: now } : {}),
    })
    .where(eq(chatSessions.id, sessionId))
    .returning();
  if (!row) throw notFound("Session");
  return toSession(row);
}

/** The branch shown of the person's session, each message with what its runs printed. */
export async function listMessages(db: Db, userId: string, sessionId: string): Promise<ChatMessage[]> {
  await getSession(db, userId, sessionId);
  return withOutputs(db, await messagesOf(db, sessionId));
}

/**
 * Every message of a session (every branch), in the order they were stored, and its head: one
 * statement straight on the driver (drizzle's row mapping cost more than the query at 2,000).
 */
async function sessionMessages(
  db: Db,
  sessionId: string,
): Promise<{ messages: ChatMessage[]; headId: string | null }> {
  const rows = await rawRows(
    db,
    sql`select m.id, m.parent_id, m.role, m.content, m.metadata, to_json(m.created_at) as at, s.head_id from ${chatMessages} m join ${chatSessions} s on s.id = m.session_id where m.session_id = ${sessionId} order by m.seq`,
  );
  const messages = rows.map(
    (row): ChatMessage => ({
      id: row.id as string,
      sessionId,
      parentId: (row.parent_id as string | null) ?? null,
      role: row.role as ChatMessage["role"],
      content: row.content as string,
      timestamp: atOf(row).toISOString(),
      metadata: (typeof row.metadata === "string"
        ? JSON.parse(row.metadata)
        : row.metadata) as ChatMessage["metadata"],
    }),
  );
  return { messages, headId: (rows[0]?.head_id as string | null | undefined) ?? null };
}

/** Every message of a session (every branch), in the order they were stored. */
export async function allMessagesOf(db: Db, sessionId: string): Promise<ChatMessage[]> {
  return (await sessionMessages(db, sessionId)).messages;
}

/**
 * The conversation of a session the caller already got through getSession (the user's own):
 * the branch shown, first message first, each with its versions.
 */
export async function messagesOf(db: Db, sessionId: string): Promise<ChatMessage[]> {
  const { messages, headId } = await sessionMessages(db, sessionId);
  return branchOf(messages, headId);
}

type NewMessage = Pick<ChatMessage, "sessionId" | "role" | "content" | "metadata"> & {
  id?: string;
  /** The message it follows (a new version of a message follows that one's parent); default: the head. */
  parentId?: string | null;
};

/**
 * One message as a hand-written statement (its id chosen here) that makes it the session's head,
 * following the head before it (or the parent given), and returns only its timestamp and parent;
 * and the message as stored. Cheaper than drizzle's builder, RETURNING * and row mapping, which
 * cost more than PGlite's insert itself on the agent loop's hot path. `touch` marks the session active.
 */
function messageInsert(
  message: NewMessage,
  touch = false,
): { sql: SQL; stored(row: Record<string, unknown>): ChatMessage } {
  const id = message.id ?? randomUUID();
  const content = storableText(message.content);
  const metadata = storableJson(message.metadata);
  const active = touch ? sql`, updated_at = ${new Date().toISOString()}` : sql``;
  const parent = message.parentId === undefined ? sql`(select old from head)` : sql`${message.parentId}`;
  return {
    sql: sql`with head as (update ${chatSessions} s set head_id = ${id}${active} from ${chatSessions} o where s.id = ${message.sessionId} and o.id = s.id returning o.head_id as old) insert into ${chatMessages} (id, session_id, parent_id, role, content, metadata) values (${id}, ${message.sessionId}, ${parent}, ${message.role}, ${content}, ${metadata}::jsonb) returning to_json(created_at) as at, parent_id as parent`,
    stored: (row) =>
      toMessage({
        id,
        sessionId: message.sessionId,
        parentId: (row.parent as string | null) ?? null,
        role: message.role,
        content,
        metadata: JSON.parse(metadata),
        createdAt: atOf(row),
      }),
  };
}

/** Stores a message at the head of the session's branch (or after the parent given), as its new head. */
export async function addMessage(db: Db, message: NewMessage): Promise<ChatMessage> {
  const insert = messageInsert(message);
  return insert.stored(await storedRow(db, insert.sql));
}

/** Stores a message of the user and marks the session as active, in one statement. */
export async function addUserMessage(
  db: Db,
  message: Pick<NewMessage, "sessionId" | "content" | "metadata" | "parentId">,
): Promise<ChatMessage> {
  const insert = messageInsert({ ...message, role: "user" }, true);
  return insert.stored(await storedRow(db, insert.sql));
}
