import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { OAuthGrantSummary } from "@neuroos/contracts";
import { and, desc, eq, isNotNull, isNull, max } from "drizzle-orm";
import { hashToken } from "../auth/tokens";
import type { Db } from "../db/client";
import { accessTokens, oauthCodes, oauthGrants } from "../db/schema";
import { AppError } from "../http/errors";
import type { AccessTokens } from "../mcp/tokens";
import { invalidGrant, invalidRequest, OAuthError } from "./errors";

/** How long an access token lives, and a refresh token (renewed at each refresh). */
export const ACCESS_TOKEN_TTL_MS = 60 * 60_000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;
const REFRESH_PREFIX = "nosr_";

type Form = Record<string, string | undefined>;
type Grant = typeof oauthGrants.$inferSelect;

/** The token endpoint's answer (RFC 6749 §5.1). */
export interface TokenAnswer {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** Whether a PKCE verifier matches its S256 challenge (RFC 7636 §4.6). */
function verifierMatches(verifier: string, challenge: string): boolean {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  const computed = Buffer.from(createHash("sha256").update(verifier).digest("base64url"));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

const required = (form: Form, name: string) => {
  const value = form[name];
  if (!value) throw invalidRequest(`${name} is required`);
  return value;
};

/**
 * The grants a person allowed, and their tokens: codes exchanged (once), refresh tokens rotated
 * (an old one presented again ends the grant), revocation, and Settings' list.
 */
export class OAuthGrants {
  constructor(
    private readonly db: Db,
    private readonly tokens: AccessTokens,
  ) {}

  /** grant_type=authorization_code: the code, its client, redirect URI and PKCE verifier. */
  async exchangeCode(form: Form, resource: string): Promise<TokenAnswer> {
    const code = required(form, "code");
    const clientId = required(form, "client_id");
    const redirectUri = required(form, "redirect_uri");
    const verifier = required(form, "code_verifier");
    if (form.resource !== undefined && form.resource.replace(/\/$/, "") !== resource)
      throw new OAuthError(400, "invalid_target", `resource must be ${resource}`);
    const [found] = await this.db
      .select({ code: oauthCodes, grant: oauthGrants })
      .from(oauthCodes)
      .innerJoin(oauthGrants, eq(oauthGrants.id, oauthCodes.grantId))
      .where(eq(oauthCodes.codeHash, hashToken(code)));
    if (!found) throw invalidGrant("The authorization code is unknown, used or revoked");
    const { grant } = found;
    if (found.code.usedAt) throw await this.endStolen(grant.id);
    if (found.code.expiresAt.getTime() <= Date.now())
      throw invalidGrant("The authorization code has expired");
    if (grant.clientId !== clientId)
      throw invalidGrant("The authorization code was issued to another client");
    if (found.code.redirectUri !== redirectUri)
      throw invalidGrant("redirect_uri differs from the authorization request's");
    if (!verifierMatches(verifier, found.code.codeChallenge))
      throw invalidGrant("code_verifier does not match the code_challenge (PKCE)");
    const answer = await this.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(oauthCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(oauthCodes.codeHash, found.code.codeHash), isNull(oauthCodes.usedAt)))
        .returning({ codeHash: oauthCodes.codeHash });
      return claimed ? this.issue(tx, grant) : null;
    });
    // Two exchanges of one code at once: the other won, and the code is just as stolen.
    if (!answer) throw await this.endStolen(grant.id);
    return answer;
  }

  /** A code used twice was stolen on the way: what it gave is taken back (RFC 6749 §4.1.2). */
  private async endStolen(grantId: string): Promise<OAuthError> {
    await this.db.delete(oauthGrants).where(eq(oauthGrants.id, grantId));
    return invalidGrant("The authorization code was already used: the tokens it gave are revoked");
  }

  /** grant_type=refresh_token: a new access token and a new refresh token; the old one ends. */
  async refresh(form: Form): Promise<TokenAnswer> {
    const refreshToken = required(form, "refresh_token");
    const clientId = required(form, "client_id");
    const hash = hashToken(refreshToken);
    const [grant] = await this.db.select().from(oauthGrants).where(eq(oauthGrants.refreshTokenHash, hash));
    if (!grant) {
      const [replaced] = await this.db
        .delete(oauthGrants)
        .where(eq(oauthGrants.previousRefreshTokenHash, hash))
        .returning({ id: oauthGrants.id });
      throw invalidGrant(
        replaced
          ? "This refresh token was already used: the grant is revoked (sign in to the app again)"
          : "The refresh token is unknown, expired or revoked",
      );
    }
    if (grant.clientId !== clientId) throw invalidGrant("The refresh token was issued to another client");
    if (!grant.refreshExpiresAt || grant.refreshExpiresAt.getTime() <= Date.now())
      throw invalidGrant("The refresh token has expired");
    const scope = form.scope?.trim();
    // A narrower token on refresh is not issued (it would have been the grant's scope anyway).
    if (scope && scope !== grant.scope)
      throw new OAuthError(
        400,
        "invalid_scope",
        `The grant is for ${grant.scope} access: refresh with that scope or none`,
      );
    return this.db.transaction(async (tx) => {
      const [held] = await tx
        .select({ id: oauthGrants.id })
        .from(oauthGrants)
        .where(and(eq(oauthGrants.id, grant.id), eq(oauthGrants.refreshTokenHash, hash)))
        .for("update");
      if (!held) throw invalidGrant("The refresh token was already used");
      return this.issue(tx, grant);
    });
  }

  /** An access token and a new refresh token for the grant (the old ones end). */
  private async issue(
    tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
    grant: Grant,
  ): Promise<TokenAnswer> {
    const refreshToken = `${REFRESH_PREFIX}${randomBytes(32).toString("base64url")}`;
    const now = new Date();
    await tx
      .update(oauthGrants)
      .set({
        previousRefreshTokenHash: grant.refreshTokenHash,
        refreshTokenHash: hashToken(refreshToken),
        refreshExpiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
        lastRefreshedAt: grant.refreshTokenHash ? now : null,
      })
      .where(eq(oauthGrants.id, grant.id));
    const { token } = await this.tokens.issueForGrant(tx, grant, ACCESS_TOKEN_TTL_MS);
    return {
      access_token: token,
      token_type: "Bearer",
      expires_in: Math.floor(ACCESS_TOKEN_TTL_MS / 1000),
      refresh_token: refreshToken,
      scope: grant.scope,
    };
  }

  /**
   * RFC 7009: an OAuth access or refresh token ends its whole grant. Unknown tokens (and personal
   * tokens, which Settings revokes) change nothing, and the answer is the same.
   */
  async revokeToken(form: Form): Promise<void> {
    const token = required(form, "token");
    const hash = hashToken(token);
    const [byAccess] = await this.db
      .select({ grantId: accessTokens.grantId })
      .from(accessTokens)
      .where(and(eq(accessTokens.tokenHash, hash), isNotNull(accessTokens.grantId)));
    const [byRefresh] = await this.db
      .select({ grantId: oauthGrants.id })
      .from(oauthGrants)
      .where(eq(oauthGrants.refreshTokenHash, hash));
    const grantId = byAccess?.grantId ?? byRefresh?.grantId;
    if (!grantId) return;
    const clientId = form.client_id;
    const where = clientId
      ? and(eq(oauthGrants.id, grantId), eq(oauthGrants.clientId, clientId))
      : eq(oauthGrants.id, grantId);
    await this.db.delete(oauthGrants).where(where);
  }

  /** The apps a person connected (grants whose code was exchanged), newest first. */
  async list(userId: string): Promise<OAuthGrantSummary[]> {
    const rows = await this.db
      .select({ grant: oauthGrants, lastUsedAt: max(accessTokens.lastUsedAt) })
      .from(oauthGrants)
      .leftJoin(accessTokens, eq(accessTokens.grantId, oauthGrants.id))
      .where(and(eq(oauthGrants.userId, userId), isNotNull(oauthGrants.refreshTokenHash)))
      .groupBy(oauthGrants.id)
      .orderBy(desc(oauthGrants.createdAt));
    return rows.map(({ grant, lastUsedAt }) => {
      const used = [lastUsedAt ? new Date(lastUsedAt) : null, grant.lastRefreshedAt].filter(
        (d): d is Date => d instanceof Date,
      );
      const last = used.sort((a, b) => b.getTime() - a.getTime())[0];
      return {
        id: grant.id,
        clientId: grant.clientId,
        clientName: grant.clientName,
        scope: grant.scope,
        requireApproval: grant.requireApproval,
        createdAt: grant.createdAt.toISOString(),
        lastUsedAt: last?.toISOString() ?? null,
      };
    });
  }

  /** Ends a grant of the person's: its access and refresh tokens stop at once. Another's is 404. */
  async revoke(userId: string, id: string): Promise<void> {
    const gone = await this.db
      .delete(oauthGrants)
      .where(and(eq(oauthGrants.id, id), eq(oauthGrants.userId, userId)))
      .returning({ id: oauthGrants.id })
      .catch(() => []);
    if (gone.length === 0) throw new AppError(404, "not_found", "No such connected app");
  }
}
