import type { ExecutionLog } from "@neuroos/contracts";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { executionLogs } from "../db/schema";

type NewLog = Omit<typeof executionLogs.$inferInsert, "id" | "createdAt">;

const MAX_RESULT = 10_000;

/** Records one action done for a user (code run, command, file operation, model call). */
export async function recordExecution(db: Db, entry: NewLog): Promise<ExecutionLog> {
  const [row] = await db
    .insert(executionLogs)
    .values({ ...entry, result: (entry.result ?? "").slice(0, MAX_RESULT) })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return toLog(row);
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
