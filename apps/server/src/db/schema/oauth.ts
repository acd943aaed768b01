/**
 * NeuroOS as an OAuth 2.1 authorization server for its MCP server (/mcp): the clients that
 * registered themselves (RFC 7591), the grants a person allowed (one per consent, ended by a
 * revoke), and the one-time authorization codes. Access tokens are `access_tokens` rows that name
 * their grant; secrets are kept only as SHA-256 hashes.
 */
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Clients registered by dynamic registration (client ID metadata documents are fetched, not kept). */
export const oauthClients = pgTable("oauth_clients", {
  /** The client_id given at registration. */
  id: text("id").primaryKey(),
  clientName: text("client_name"),
  redirectUris: jsonb("redirect_uris").$type<string[]>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** What a person allowed a client: its scope, until revoked; holds the current refresh token. */
export const oauthGrants = pgTable(
  "oauth_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A registered client's id or a client ID metadata document's URL. */
    clientId: text("client_id").notNull(),
    clientName: text("client_name").notNull(),
    scope: text("scope").$type<"read" | "full">().notNull(),
    requireApproval: boolean("require_approval").notNull().default(false),
    /** The refresh token in use (rotated at each refresh); null before the code is exchanged. */
    refreshTokenHash: text("refresh_token_hash"),
    /** The refresh token this one replaced: presented again, it was stolen, and the grant ends. */
    previousRefreshTokenHash: text("previous_refresh_token_hash"),
    refreshExpiresAt: timestamp("refresh_expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastRefreshedAt: timestamp("last_refreshed_at", { withTimezone: true }),
  },
  (t) => [
    index("oauth_grants_user_idx").on(t.userId),
    index("oauth_grants_refresh_idx").on(t.refreshTokenHash),
  ],
);

/** One-time authorization codes (minutes long), bound to all the authorization request said. */
export const oauthCodes = pgTable("oauth_codes", {
  codeHash: text("code_hash").primaryKey(),
  grantId: uuid("grant_id")
    .notNull()
    .references(() => oauthGrants.id, { onDelete: "cascade" }),
  redirectUri: text("redirect_uri").notNull(),
  codeChallenge: text("code_challenge").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  /** Set when exchanged: a second use revokes the grant. */
  usedAt: timestamp("used_at", { withTimezone: true }),
});
