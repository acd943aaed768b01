import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import type { emailVerifications, passwordResets } from "../db/schema";
import { hashToken, newToken } from "./tokens";

/** The tables of mailed links (password reset, email verification): hashed, expiring, single use. */
type TokenTable = typeof passwordResets | typeof emailVerifications;

/** A fresh link token for the account; a new one replaces every older one of the account. */
export async function issueToken(
  db: Db,
  table: TokenTable,
  userId: string,
  validMs: number,
): Promise<string> {
  const { token, id } = newToken();
  await db.transaction(async (tx) => {
    await spendOpenTokens(tx, table, userId);
    await tx.insert(table).values({ id, userId, expiresAt: new Date(Date.now() + validMs) });
  });
  return token;
}

/** Marks every unused token of the account as spent. */
async function spendOpenTokens(tx: Tx, table: TokenTable, userId: string): Promise<void> {
  await tx
    .update(table)
    .set({ usedAt: new Date() })
    .where(and(eq(table.userId, userId), isNull(table.usedAt)));
}

/**
 * Spends the token (and every other open one of its account) inside the caller's transaction:
 * the account's id, or null when the token is unknown, used or expired.
 */
export async function spendToken(tx: Tx, table: TokenTable, token: string): Promise<string | null> {
  const [row] = await tx
    .update(table)
    .set({ usedAt: new Date() })
    .where(and(eq(table.id, hashToken(token)), isNull(table.usedAt), gt(table.expiresAt, new Date())))
    .returning({ userId: table.userId });
  if (!row) return null;
  await spendOpenTokens(tx, table, row.userId);
  return row.userId;
}
