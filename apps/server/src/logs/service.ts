import type { ExecutionLog } from "@neuroos/contracts";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { executionLogs } from "../db/schema";
import { AppError } from "../http/errors";
import type { EventBus } from "../live/bus";

type NewLog = Omit<typeof executionLogs.$inferInsert, "id" | "createdAt">;

const MAX_RESULT = 10_000;

/**
 * Records one action done for a user (code run, command, file operation, model call) and
 * shows it in the activity panel of each of the user's browsers.
 */
export async function recordExecution(deps: { db: Db; bus: EventBus }, entry: NewLog): Promise<ExecutionLog> {
  const [row] = await deps.db
    .insert(executionLogs)
    .values({ ...entry, result: (entry.result ?? "").slice(0, MAX_RESULT) })
    .returning();
  if (!row) throw new Error("insert returned no row");
  const log = toLog(row);
  deps.bus.publish(entry.userId, { type: "activity", entry: log });
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
    .orderBy(desc(executionLogs.createdAt))
    .limit(limit);
  return rows.map(toLog);
}

function toLog(row: typeof executionLogs.$inferSelect): ExecutionLog {
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
