import { sql } from "drizzle-orm";
import type { Db } from "./client";

/**
 * Holds a lock named `key` until the transaction `tx` ends: whoever else asks for the same key,
 * on any connection or node, waits for it (a PostgreSQL advisory lock on the key's 64-bit hash).
 */
export async function lockUntilCommit(tx: Pick<Db, "execute">, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
