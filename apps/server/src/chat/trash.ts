import type { ServerFrame } from "@neuroos/contracts";
import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { lockPerson } from "../db/locks";
import { agents, chatMessages, chatSessions, trashItems } from "../db/schema";
import { AppError, notFound } from "../http/errors";
import { isUuid } from "../http/ids";
import { outputsOfSession, restoreOutputs, type TrashedOutput } from "./message-outputs";
import { toSession } from "./service";

/**
 * What a deleted session keeps in the trash beyond its title: its agent, model, head, times and
 * messages in order with their parents (older items have neither: their messages follow each other).
 */
interface SessionPayload {
  agentId: string | null;
  provider?: string | null;
  model?: string | null;
  headId?: string | null;
  pinnedAt?: string | null;
  archivedAt?: string | null;
  createdAt: string;
  updatedAt: string;
  messages: {
    id: string;
    parentId?: string | null;
    role: string;
    content: string;
    metadata: unknown;
    createdAt: string;
  }[];
  /** What runs from its messages printed (older items have none). */
  outputs?: TrashedOutput[];
}

/**
 * Moves a person's session with its messages into their trash (a 404 for an id not theirs):
 * restorable for TRASH_KEEP_DAYS under its own id, its messages in their order.
 */
export async function trashSession(db: Db, userId: string, sessionId: string): Promise<void> {
  if (!isUuid(sessionId)) throw notFound("Session");
  await db.transaction(async (tx) => {
    await lockPerson(tx, userId);
    const [session] = await tx
      .select()
      .from(chatSessions)
      .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)));
    if (!session) throw notFound("Session");
    const messages = await tx
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId))
      .orderBy(asc(chatMessages.seq));
    const outputs = await outputsOfSession(tx, sessionId);
    const payload: SessionPayload = {
      agentId: session.agentId,
      provider: session.provider,
      model: session.model,
      headId: session.headId,
      pinnedAt: session.pinnedAt?.toISOString() ?? null,
      archivedAt: session.archivedAt?.toISOString() ?? null,
      createdAt: session.createdAt.toISOString(),
      updatedAt: session.updatedAt.toISOString(),
      messages: messages.map((m) => ({
        id: m.id,
        parentId: m.parentId,
        role: m.role,
        content: m.content,
        metadata: m.metadata,
        createdAt: m.createdAt.toISOString(),
      })),
      outputs,
    };
    await tx.insert(trashItems).values({
      userId,
      type: "session",
      itemId: session.id,
      kind: "chat",
      title: session.title,
      payload,
      sizeBytes:
        messages.reduce((sum, m) => sum + Buffer.byteLength(m.content), 0) +
        outputs.reduce((sum, o) => sum + Buffer.byteLength(o.stdout) + Buffer.byteLength(o.stderr), 0),
    });
    await tx.delete(chatSessions).where(eq(chatSessions.id, sessionId));
  });
}

/** Puts a trashed session back under its own id with its messages (its agent if it still exists). */
export async function restoreSession(tx: Tx, item: typeof trashItems.$inferSelect): Promise<ServerFrame> {
  const payload = item.payload as SessionPayload;
  const [taken] = await tx
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(eq(chatSessions.id, item.itemId));
  if (taken) throw new AppError(409, "conflict", `“${item.title}” is not in the trash any more`);
  const agentId = payload.agentId
    ? ((
        await tx
          .select({ id: agents.id })
          .from(agents)
          .where(and(eq(agents.id, payload.agentId), eq(agents.userId, item.userId)))
      )[0]?.id ?? null)
    : null;
  const [session] = await tx
    .insert(chatSessions)
    .values({
      id: item.itemId,
      userId: item.userId,
      title: item.title,
      agentId,
      provider: payload.provider ?? null,
      model: payload.model ?? null,
      headId: payload.headId ?? payload.messages.at(-1)?.id ?? null,
      pinnedAt: payload.pinnedAt ? new Date(payload.pinnedAt) : null,
      archivedAt: payload.archivedAt ? new Date(payload.archivedAt) : null,
      createdAt: new Date(payload.createdAt),
      updatedAt: new Date(payload.updatedAt),
    })
    .returning();
  if (!session) throw new Error("insert returned no row");
  // One at a time, in order: each gets the next place in the session's order (seq).
  let previous: string | null = null;
  for (const m of payload.messages) {
    await tx.insert(chatMessages).values({
      id: m.id,
      sessionId: session.id,
      parentId: m.parentId === undefined ? previous : m.parentId,
      role: m.role as (typeof chatMessages.$inferInsert)["role"],
      content: m.content,
      metadata: m.metadata as Record<string, unknown>,
      createdAt: new Date(m.createdAt),
    });
    previous = m.id;
  }
  await restoreOutputs(tx, payload.outputs);
  return { type: "session_updated", session: toSession(session) };
}
