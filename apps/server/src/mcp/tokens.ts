import { randomBytes } from "node:crypto";
import {
  ACCESS_TOKENS_PER_ACCOUNT,
  type AccessTokenScope,
  type AccessTokenSummary,
  type CreatedAccessToken,
  type User,
} from "@neuroos/contracts";
import { and, count, desc, eq, gt, isNull, lte, or } from "drizzle-orm";
import { hashToken } from "../auth/tokens";
import type { Db, Tx } from "../db/client";
import { lockPerson } from "../db/locks";
import { accessTokens, users } from "../db/schema";
import { AppError } from "../http/errors";

/** Every token starts so, which tells it from other secrets (and secret scanners can find it). */
const TOKEN_PREFIX = "nos_";
/** A token as it is stored (and as the rate limit keys it): its SHA-256, never the token. */

type Row = typeof accessTokens.$inferSelect;
const summary = (row: Row): AccessTokenSummary => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  prefix: row.prefix,
  requireApproval: row.requireApproval,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** Who a token speaks for, and how far. */
export interface TokenHolder {
  tokenId: string;
  tokenName: string;
  scope: AccessTokenScope;
  /** Writes and runs wait for the person's approval in the console. */
  requireApproval: boolean;
  /** Issued by OAuth for /mcp (its audience): other APIs refuse it. */
  viaOAuth: boolean;
  user: Pick<User, "id" | "plan">;
}

/** A token's last use is written when the one stored is older than this (not on every call). */
export const LAST_USED_PRECISION_MS = 60_000;

/** Personal access tokens: made (shown once), listed, revoked (at once), checked on every call. */
export class AccessTokens {
  constructor(private readonly db: Db) {}

  async create(
    userId: string,
    input: { name: string; scope: AccessTokenScope; requireApproval?: boolean },
  ): Promise<CreatedAccessToken> {
    const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
    const row = await this.db.transaction(async (tx) => {
      // The person's row is locked, so the cap holds when requests race.
      await lockPerson(tx, userId);
      const [held] = await tx
        .select({ n: count() })
        .from(accessTokens)
        .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.grantId)));
      if ((held?.n ?? 0) >= ACCESS_TOKENS_PER_ACCOUNT)
        throw new AppError(409, "conflict", `At most ${ACCESS_TOKENS_PER_ACCOUNT} access tokens per account`);
      const [made] = await tx
        .insert(accessTokens)
        .values({
          userId,
          name: input.name,
          scope: input.scope,
          requireApproval: input.requireApproval ?? false,
          tokenHash: hashToken(token),
          prefix: token.slice(0, 10),
        })
        .returning();
      return made;
    });
    if (!row) throw new Error("The token was not stored");
    return { ...summary(row), token };
  }

  async list(userId: string): Promise<AccessTokenSummary[]> {
    const rows = await this.db
      .select()
      .from(accessTokens)
      .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.grantId)))
      .orderBy(desc(accessTokens.createdAt));
    return rows.map(summary);
  }

  /**
   * Issues an OAuth grant's access token (the same kind as a personal token, so /mcp takes it as
   * it is), ending in `ttlMs`; the grant's earlier access token ends (a refresh rotates it in place).
   */
  async issueForGrant(
    tx: Tx,
    grant: {
      id: string;
      userId: string;
      clientName: string;
      scope: "read" | "full";
      requireApproval: boolean;
    },
    ttlMs: number,
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
    const expiresAt = new Date(Date.now() + ttlMs);
    const secret = { tokenHash: hashToken(token), prefix: token.slice(0, 10), expiresAt };
    // The grant's row keeps its id as the token rotates: MCP sessions made with it live on.
    const rotated = await tx
      .update(accessTokens)
      .set(secret)
      .where(eq(accessTokens.grantId, grant.id))
      .returning({ id: accessTokens.id });
    if (rotated.length === 0)
      await tx.insert(accessTokens).values({
        ...secret,
        userId: grant.userId,
        name: grant.clientName,
        scope: grant.scope,
        requireApproval: grant.requireApproval,
        grantId: grant.id,
      });
    return { token, expiresAt };
  }

  /** Revokes a personal token of the person's: refused from the next call on. Another person's is 404. */
  async revoke(userId: string, id: string): Promise<void> {
    const gone = await this.db
      .delete(accessTokens)
      .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId), isNull(accessTokens.grantId)))
      .returning({ id: accessTokens.id })
      .catch(() => []);
    if (gone.length === 0) throw new AppError(404, "not_found", "No such access token");
  }

  /**
   * The holder of a presented token, or null (unknown, revoked, malformed): read on every call, so
   * a revoked token is refused at once. Its last use is written at most once a minute.
   */
  async verify(token: string): Promise<TokenHolder | null> {
    if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
    const [row] = await this.db
      .select({
        id: accessTokens.id,
        name: accessTokens.name,
        scope: accessTokens.scope,
        requireApproval: accessTokens.requireApproval,
        lastUsedAt: accessTokens.lastUsedAt,
        grantId: accessTokens.grantId,
        userId: users.id,
        plan: users.plan,
      })
      .from(accessTokens)
      .innerJoin(users, eq(users.id, accessTokens.userId))
      .where(
        and(
          eq(accessTokens.tokenHash, hashToken(token)),
          or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, new Date())),
        ),
      );
    if (!row) return null;
    const now = new Date();
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
      // Calls racing past the check write once: the condition is checked again by the update.
      const stale = new Date(now.getTime() - LAST_USED_PRECISION_MS);
      await this.db
        .update(accessTokens)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(accessTokens.id, row.id),
            or(isNull(accessTokens.lastUsedAt), lte(accessTokens.lastUsedAt, stale)),
          ),
        );
    }
    return {
      tokenId: row.id,
      tokenName: row.name,
      scope: row.scope,
      requireApproval: row.requireApproval,
      viaOAuth: row.grantId !== null,
      user: { id: row.userId, plan: row.plan },
    };
  }
}
