import { randomUUID } from "node:crypto";
import type { ExecutionLog } from "@neuroos/contracts";
import { desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { executionLogs } from "../db/schema";
import { storableJson, storableText } from "../db/storable";
import { storedAt } from "../db/stored-at";
import { AppError } from "../http/errors";
import type { EventBus } from "../live/bus";

export type NewLog = Omit<typeof executionLogs.$inferInsert, "id" | "createdAt">;

const MAX_RESULT = 10_000;

/**
 * One entry as a hand-written INSERT (its id chosen here, no RETURNING), for a caller that
 * stores it in the same statement as another row (a data-modifying WITH, so the same
 * transaction timestamp); `stored(createdAt)` is the entry as stored, for the caller to announce.
 */
export function executionInsert(entry: NewLog): { sql: SQL; stored(createdAt: Date): ExecutionLog } {
  const id = randomUUID();
  const command = storableText(entry.command);
  const result = storableText(entry.result ?? "").slice(0, MAX_RESULT);
  const metadata = storableJson(entry.metadata);
  return {
    sql: sql`insert into ${executionLogs} (id, user_id, session_id, type, command, result, status, metadata) values (${id}, ${entry.userId}, ${entry.sessionId ?? null}, ${entry.type}, ${command}, ${result}, ${entry.status}, ${metadata}::jsonb)`,
    stored: (createdAt) =>
      toLog({
        id,
        userId: entry.userId,
        sessionId: entry.sessionId ?? null,
        type: entry.type,
        command,
        result,
        status: entry.status,
        metadata: JSON.parse(metadata),
        createdAt,
      }),
  };
}

/** Shows a stored entry in the activity panel of each of the user's browsers. */
export function announceExecution(bus: EventBus, userId: string, log: ExecutionLog): void {
  bus.publish(userId, { type: "activity", entry: log });
}

/**
 * Records one action done for a user (code run, command, file operation, model call) and
 * shows it in the activity panel of each of the user's browsers.
 */
export async function recordExecution(deps: { db: Db; bus: EventBus }, entry: NewLog): Promise<ExecutionLog> {
  const insert = executionInsert(entry);
  // now() is the statement's time, the created_at the insert takes.
  const log = insert.stored(
    await storedAt(deps.db, sql`with l as (${insert.sql}) select to_json(now()) as at`),
  );
  announceExecution(deps.bus, entry.userId, log);
  return log;
}

/**
 * Runs a user's action and records it: 'ok' on success, the refusal's message when it is
 * refused (an AppError); other failures are the server's, logged by the request logger.
 */
export async function recordAction<T>(
  deps: { db: Db; bus: EventBus },
  entry: Pick<NewLog, "userId" | "type" | "command"> & { sessionId?: string | null },
  action: () => Promise<T>,
): Promise<T> {
  try {
    const result = await action();
    await recordExecution(deps, { ...entry, result: "ok", status: "success" });
    return result;
  } catch (err) {
    if (err instanceof AppError)
      await recordExecution(deps, { ...entry, result: err.message, status: "error" });
    throw err;
  }
}

export async function listExecutions(db: Db, userId: string, limit: number): Promise<ExecutionLog[]> {
  const rows = await db
    .select()
    .from(executionLogs)
    .where(eq(executionLogs.userId, userId))
    .orderBy(desc(executionLogs.seq))
    .limit(limit);
  return rows.map(toLog);
}

function toLog(row: Omit<typeof executionLogs.$inferSelect, "seq">): ExecutionLog {
  return {
    id: row.id,
    sessionId: row.sessionId,
    type: row.type,
    command: row.command,
    result: row.result,
    status: row.status,
    timestamp: row.createdAt.toISOString(),
    metadata: row.metadata,
  };
}
