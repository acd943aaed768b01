import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { emailVerifications, users } from "../db/schema";
import { AppError } from "../http/errors";
import { issueToken, spendToken } from "./single-use-tokens";

/** How long a mailed verification link stays valid. */
export const VERIFY_TOKEN_MS = 24 * 3600_000;

/** The account's address and whether it is verified. */
export async function verificationOf(db: Db, userId: string): Promise<{ email: string; verified: boolean }> {
  const [row] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError(404, "not_found", "This account no longer exists");
  return { email: row.email, verified: row.verifiedAt !== null };
}

/** A fresh verification link token for the account (older links stop working). */
export function createEmailVerification(db: Db, userId: string): Promise<string> {
  return issueToken(db, emailVerifications, userId, VERIFY_TOKEN_MS);
}

/** Marks the link's account verified and spends the link; refuses an unknown, used or expired one. */
export async function verifyEmail(db: Db, token: string): Promise<void> {
  const verified = await db.transaction(async (tx) => {
    const userId = await spendToken(tx, emailVerifications, token);
    if (!userId) return false;
    await tx
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
    return true;
  });
  if (!verified) throw new AppError(400, "invalid_token", "This verification link is invalid or has expired");
}
