import type { SignupInput, User } from "@neuroos/contracts";
import { and, eq, gt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { passwordResets, sessions, users } from "../db/schema";
import { uniqueViolation } from "../db/sqlstate";
import { AppError } from "../http/errors";
import { hashPassword, verifyPassword } from "./passwords";
import { sessionCacheOf } from "./session-cache";
import { issueToken, spendToken } from "./single-use-tokens";
import { hashToken, newToken } from "./tokens";

export const PERSISTENT_SESSION_MS = 30 * 24 * 3600_000;
export const BROWSER_SESSION_MS = 24 * 3600_000;
export const RESET_TOKEN_MS = 3600_000;

type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    role: row.role,
    plan: row.plan,
    executiveAccess: row.executiveAccess,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Accounts whose email domain belongs to a partner organisation get 'pro' for life. */
export function hasExecutiveAccess(email: string, domains: string[]): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  return domains.includes(domain);
}

export async function createUser(db: Db, input: SignupInput, executiveDomains: string[]): Promise<User> {
  const executive = hasExecutiveAccess(input.email, executiveDomains);
  const passwordHash = await hashPassword(input.password);
  const insert = (role: "user" | SQL) =>
    db
      .insert(users)
      .values({
        email: input.email,
        username: input.username,
        passwordHash,
        plan: executive ? "pro" : "free",
        executiveAccess: executive,
        role,
      })
      .returning();
  try {
    // The first account becomes the admin; the check and the insert are one statement. Two
    // sign-ups racing on an empty table both see it empty: the unique index users_one_admin
    // refuses the second admin, which is then stored as a user.
    const [row] = await insert(
      sql`case when exists (select 1 from ${users}) then 'user' else 'admin' end`,
    ).catch((err: unknown) => {
      if (uniqueViolation(err) === "users_one_admin") return insert("user");
      throw err;
    });
    if (!row) throw new Error("insert returned no row");
    return toUser(row);
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === undefined) throw err;
    const field = constraint.includes("username") ? "username" : "email";
    const message =
      field === "email" ? "An account with this email already exists" : "This username is already taken";
    throw new AppError(409, "conflict", message, { [field]: message });
  }
}

/** The user for these credentials, or null; wrong password and unknown email take the same path. */
async function findByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
}

export async function verifyCredentials(db: Db, email: string, password: string): Promise<User | null> {
  const row = await findByEmail(db, email);
  const ok = await verifyPassword(row?.passwordHash, password);
  return ok && row ? toUser(row) : null;
}

export async function createSession(
  db: Db,
  userId: string,
  persistent: boolean,
  userAgent: string | undefined,
): Promise<{ token: string; expiresAt: Date }> {
  const { token, id } = newToken();
  const expiresAt = new Date(Date.now() + (persistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_MS));
  await db
    .insert(sessions)
    .values({ id, userId, persistent, userAgent: userAgent?.slice(0, 300), expiresAt });
  return { token, expiresAt };
}

async function lookUpSession(
  db: Db,
  id: string,
): Promise<{ user: User; sessionId: string; expiresAt: number } | null> {
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())));
  return row ? { user: toUser(row.user), sessionId: id, expiresAt: row.expiresAt.getTime() } : null;
}

/** The session's user, from the database (live sockets re-check with this). */
export async function findSessionUser(
  db: Db,
  token: string,
): Promise<{ user: User; sessionId: string } | null> {
  const found = await lookUpSession(db, hashToken(token));
  return found && { user: found.user, sessionId: found.sessionId };
}

/**
 * The session's user for an HTTP request: from this process's session cache when it was
 * looked up in the last few seconds (SESSION_CACHE_MS), else from the database. Sessions ended
 * through this process are dropped from the cache at once (see session-cache.ts).
 */
export async function authenticateSession(
  db: Db,
  token: string,
): Promise<{ user: User; sessionId: string } | null> {
  const id = hashToken(token);
  const cache = sessionCacheOf(db);
  const hit = cache.get(id);
  if (hit) return { user: { ...hit.user }, sessionId: hit.sessionId };
  const generation = cache.generation;
  const found = await lookUpSession(db, id);
  if (!found) return null;
  cache.set(found, generation);
  return { user: { ...found.user }, sessionId: found.sessionId };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  const id = hashToken(token);
  try {
    await db.delete(sessions).where(eq(sessions.id, id));
  } finally {
    sessionCacheOf(db).forgetSession(id);
  }
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  try {
    await db.delete(sessions).where(eq(sessions.userId, userId));
  } finally {
    sessionCacheOf(db).forgetUser(userId);
  }
}

/** Deletes an account and everything it owns (its sessions end with it, here at once). */
export async function deleteAccount(db: Db, userId: string): Promise<void> {
  try {
    await db.delete(users).where(eq(users.id, userId));
  } finally {
    sessionCacheOf(db).forgetUser(userId);
  }
}

/** A single-use reset token for this email's account, or null when there is no such account. */
export async function createPasswordReset(
  db: Db,
  email: string,
): Promise<{ user: User; token: string } | null> {
  const row = await findByEmail(db, email);
  if (!row) return null;
  return { user: toUser(row), token: await issueToken(db, passwordResets, row.id, RESET_TOKEN_MS) };
}

/**
 * Sets the new password, spends the token (and every other open one of the account) and ends
 * every session of the account. Returns the account's email.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<string> {
  const passwordHash = await hashPassword(password);
  let userId: string | null = null;
  const done = await db
    .transaction(async (tx) => {
      userId = await spendToken(tx, passwordResets, token);
      if (!userId) return null;
      const [account] = await tx
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ email: users.email });
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      return account?.email ?? null;
    })
    .finally(() => {
      // After the commit: the account's cached sessions end here at once.
      if (userId) sessionCacheOf(db).forgetUser(userId);
    });
  if (!done) throw new AppError(400, "invalid_token", "This reset link is invalid or has expired");
  return done;
}
