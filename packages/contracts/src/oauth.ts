import { z } from "zod";
import { endpoint } from "./endpoint";

/**
 * NeuroOS as an OAuth 2.1 authorization server for its MCP server (/mcp), so that MCP clients
 * (Claude's custom connectors, ChatGPT's developer mode) connect by a consent screen instead of a
 * pasted token. `read` reaches the tools that change nothing; `full` also writes and runs.
 */
export const oauthScopes = ["read", "full"] as const;
export type OAuthScope = (typeof oauthScopes)[number];

const param = z.string().max(2048);

/** An authorization request as the client sent it to /oauth/authorize (OAuth's own names). */
export const authorizationRequestSchema = z.object({
  client_id: param,
  redirect_uri: param,
  response_type: param,
  code_challenge: param,
  code_challenge_method: param.optional(),
  state: param.optional(),
  scope: param.optional(),
  resource: param.optional(),
});
export type AuthorizationRequest = z.infer<typeof authorizationRequestSchema>;

/** What the consent screen shows: who asks, where the answer goes, what it may ask for. */
export const oauthConsentSchema = z.object({
  clientId: z.string(),
  /** The name the client gave itself (unchecked: anyone may register any name). */
  clientName: z.string(),
  /** The host the client's answers go to (its redirect URI's). */
  redirectHost: z.string(),
  /** The host of a client ID metadata document (the client is that site's), else null. */
  clientIdHost: z.string().nullable(),
  /** False for a client that registered itself: nothing vouches for its name. */
  verified: z.boolean(),
  /** The scopes the client may be given (those it asked for; both when it named none). */
  scopes: z.array(z.enum(oauthScopes)).min(1),
});
export type OAuthConsent = z.infer<typeof oauthConsentSchema>;

/** The person's answer on the consent screen. */
export const oauthDecisionSchema = z
  .object({
    request: authorizationRequestSchema,
    allow: z.boolean(),
    scope: z.enum(oauthScopes).optional(),
    /** Writes and runs wait for the person's approval in the console (a full grant only). */
    requireApproval: z.boolean().optional(),
  })
  .strict()
  .refine((d) => !d.allow || d.scope !== undefined, { path: ["scope"], message: "Choose what to allow" })
  .refine((d) => !(d.requireApproval && d.scope !== "full"), {
    path: ["requireApproval"],
    message: "Only full access writes or runs anything to ask about",
  });
export type OAuthDecision = z.input<typeof oauthDecisionSchema>;

/** Where the browser goes next: the client's redirect URI with a code (or access_denied) and state. */
export const oauthRedirectSchema = z.object({ redirectTo: z.string() });

/** An app the person connected by OAuth, as Settings lists it. */
export const oauthGrantSummarySchema = z.object({
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  scope: z.enum(oauthScopes),
  requireApproval: z.boolean(),
  createdAt: z.string(),
  /** Its access token's last use (updated at most once a minute), or its last refresh. */
  lastUsedAt: z.string().nullable(),
});
export type OAuthGrantSummary = z.infer<typeof oauthGrantSummarySchema>;

/** The consent screen's calls and the connected apps (server: apps/server/src/oauth/routes.ts). */
export const oauthApi = {
  /** The request checked, and what the screen shows (query: the authorization request). */
  consent: endpoint({ method: "GET", path: "/api/oauth/consent", body: null, answer: oauthConsentSchema }),
  /** Allow (a one-time code) or deny: answers where to send the browser. */
  decide: endpoint({
    method: "POST",
    path: "/api/oauth/consent",
    body: oauthDecisionSchema,
    answer: oauthRedirectSchema,
  }),
  grants: endpoint({
    method: "GET",
    path: "/api/oauth/grants",
    body: null,
    answer: z.array(oauthGrantSummarySchema),
  }),
  /** Ends the grant's access and refresh tokens at once. */
  revoke: endpoint({ method: "DELETE", path: "/api/oauth/grants/:id", body: null, answer: null }),
};
