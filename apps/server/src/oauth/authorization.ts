import { randomBytes } from "node:crypto";
import {
  type AuthorizationRequest,
  type OAuthConsent,
  type OAuthScope,
  type oauthDecisionSchema,
  oauthScopes,
} from "@neuroos/contracts";
import { and, isNull, lt } from "drizzle-orm";
import type { z } from "zod";
import { hashToken } from "../auth/tokens";
import type { Db } from "../db/client";
import { oauthCodes, oauthGrants } from "../db/schema";
import { type OAuthClient, type OAuthClients, redirectUriRegistered } from "./clients";
import { OAuthError } from "./errors";

/** SHA-256 of a secret (codes, refresh tokens): what is stored instead of it. */

/** How long an authorization code may wait to be exchanged. */
export const CODE_TTL_MS = 5 * 60_000;
/** A grant allowed but never exchanged for tokens is forgotten after this. */
const UNUSED_GRANT_MS = 60 * 60_000;

/** The request cannot be answered at the client's redirect URI: the person sees why. */
export class UnsafeRedirectError extends OAuthError {}

/** What a checked authorization request carries on. */
export interface CheckedRequest {
  client: OAuthClient;
  redirectUri: string;
  scopes: OAuthScope[];
  state: string | undefined;
}

/** The redirect URI with `params` added (its own query kept). */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.href;
}

/** The scopes the client may be given: those of ours it asked for, or all when it named none. */
function offeredScopes(scope: string | undefined): OAuthScope[] {
  const asked = new Set((scope ?? "").split(" ").filter(Boolean));
  const known = oauthScopes.filter((s) => asked.has(s));
  return known.length > 0 ? known : [...oauthScopes];
}

/**
 * The authorization endpoint's logic: checks a request (client, redirect URI, PKCE, resource),
 * says what the consent screen shows, and turns the person's answer into a one-time code.
 */
export class Authorizations {
  constructor(
    private readonly db: Db,
    private readonly clients: OAuthClients,
  ) {}

  /**
   * Checks an authorization request for this server's `resource` (its /mcp URL). An unknown client
   * or redirect URI is an UnsafeRedirectError (never redirected to); anything else an OAuthError
   * to send to the redirect URI.
   */
  async check(request: AuthorizationRequest, resource: string): Promise<CheckedRequest> {
    let client: OAuthClient;
    try {
      client = await this.clients.find(request.client_id);
    } catch (err) {
      const message = err instanceof OAuthError ? err.description : "Unknown client_id";
      throw new UnsafeRedirectError(400, "invalid_client", message);
    }
    if (!redirectUriRegistered(client.redirectUris, request.redirect_uri))
      throw new UnsafeRedirectError(
        400,
        "invalid_request",
        "redirect_uri is not one the client registered: nothing was sent to it",
      );
    const invalid = (description: string) => new OAuthError(400, "invalid_request", description);
    if (request.response_type !== "code")
      throw new OAuthError(400, "unsupported_response_type", 'Only response_type "code" is supported');
    if (!/^[A-Za-z0-9_-]{43}$/.test(request.code_challenge))
      throw invalid("code_challenge is required: PKCE with S256 (43 base64url characters)");
    if (request.code_challenge_method !== "S256")
      throw invalid('code_challenge_method must be "S256" (plain is not accepted)');
    if (request.resource !== undefined && request.resource.replace(/\/$/, "") !== resource)
      throw new OAuthError(400, "invalid_target", `resource must be this server's MCP endpoint, ${resource}`);
    return {
      client,
      redirectUri: request.redirect_uri,
      scopes: offeredScopes(request.scope),
      state: request.state,
    };
  }

  /** What the consent screen shows for a checked request. */
  consent(checked: CheckedRequest): OAuthConsent {
    const { client } = checked;
    return {
      clientId: client.clientId,
      clientName: client.clientName,
      redirectHost: new URL(checked.redirectUri).host,
      clientIdHost: client.metadataDocument ? new URL(client.clientId).host : null,
      verified: client.metadataDocument,
      scopes: checked.scopes,
    };
  }

  /**
   * The person's answer: Deny sends access_denied back; Allow stores a grant and a one-time code
   * (hashed, bound to the client, redirect URI, challenge and person) and sends the code back.
   */
  async decide(
    userId: string,
    decision: z.output<typeof oauthDecisionSchema>,
    checked: CheckedRequest,
    issuer: string,
  ): Promise<string> {
    const { request } = decision;
    if (!decision.allow)
      return redirectWith(checked.redirectUri, {
        error: "access_denied",
        error_description: "The person did not allow access",
        state: checked.state,
        iss: issuer,
      });
    const scope = decision.scope ?? "read";
    if (!checked.scopes.includes(scope))
      throw new OAuthError(400, "invalid_scope", `The app did not ask for ${scope} access`);
    const code = randomBytes(32).toString("base64url");
    await this.db.transaction(async (tx) => {
      await tx
        .delete(oauthGrants)
        .where(
          and(
            isNull(oauthGrants.refreshTokenHash),
            lt(oauthGrants.createdAt, new Date(Date.now() - UNUSED_GRANT_MS)),
          ),
        );
      const [grant] = await tx
        .insert(oauthGrants)
        .values({
          userId,
          clientId: checked.client.clientId,
          clientName: checked.client.clientName,
          scope,
          requireApproval: scope === "full" && (decision.requireApproval ?? false),
        })
        .returning({ id: oauthGrants.id });
      if (!grant) throw new Error("The grant was not stored");
      await tx.insert(oauthCodes).values({
        codeHash: hashToken(code),
        grantId: grant.id,
        redirectUri: request.redirect_uri,
        codeChallenge: request.code_challenge,
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      });
    });
    return redirectWith(checked.redirectUri, { code, state: checked.state, iss: issuer });
  }
}
