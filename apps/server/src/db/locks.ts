import { eq, sql } from "drizzle-orm";
import type { Db } from "./client";
import { users } from "./schema";

/**
 * Holds a lock named `key` until the transaction `tx` ends: whoever else asks for the same key,
 * on any connection or node, waits for it (a PostgreSQL advisory lock on the key's 64-bit hash).
 */
export async function lockUntilCommit(tx: Pick<Db, "execute">, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * Locks the person's row until `tx` ends. Every transaction that writes several of a person's rows
 * takes it FIRST, so two of them wait for each other instead of each locking a row the other needs
 * (a deadlock, which PostgreSQL ends by failing one of them).
 */
export async function lockPerson(tx: Pick<Db, "select">, userId: string): Promise<void> {
  // NO KEY UPDATE: as exclusive between takers, yet it lets others insert rows that refer to the
  // person (their foreign key's KEY SHARE), so a transaction holding another lock (a workspace's)
  // that adds such a row never waits on one holding this lock and waiting for that other lock.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
}
