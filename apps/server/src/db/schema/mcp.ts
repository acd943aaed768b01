/** The MCP tables: `access_tokens` (NeuroOS as a server) and `mcp_servers` (NeuroOS as a client). */
import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { oauthGrants } from "./oauth";
import { users } from "./users";

/**
 * Personal access tokens for NeuroOS's MCP server (/mcp): shown once, kept only as a SHA-256
 * hash; a read-only token reaches the tools that change nothing.
 */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scope: text("scope").$type<"read" | "full" | "models">().notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The token's first characters, to tell tokens apart in the list. */
    prefix: text("prefix").notNull(),
    /** Writes and runs through the token wait for the person's approval in the console. */
    requireApproval: boolean("require_approval").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute (every /mcp call checks the token). */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    /** An OAuth access token's end (personal tokens have none). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** The OAuth grant an access token was issued under: revoking the grant ends it. */
    grantId: uuid("grant_id").references(() => oauthGrants.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("access_tokens_hash_idx").on(t.tokenHash),
    index("access_tokens_user_idx").on(t.userId),
    index("access_tokens_grant_idx").on(t.grantId),
  ],
);

/**
 * The MCP servers a person added (NeuroOS as an MCP client). `name` is the tool namespace
 * (`<name>__<tool>`); headers (an API key...) are sealed with the server's secret box.
 */
export const mcpServers = pgTable(
  "mcp_servers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    transport: text("transport").$type<"http" | "stdio">().notNull(),
    url: text("url"),
    command: text("command"),
    args: jsonb("args").$type<string[]>().notNull().default([]),
    /** JSON object of header → value, AES-256-GCM sealed; null when there are none. */
    headersCiphertext: text("headers_ciphertext"),
    /** A local (stdio) server's environment variables (API keys...): JSON object, sealed like the headers. */
    envCiphertext: text("env_ciphertext"),
    enabled: boolean("enabled").notNull().default(true),
    /** The admin's server for every user: listed and usable by all, changed only by the admin. */
    shared: boolean("shared").notNull().default(false),
    /** A local (stdio) server's sandbox shares the host's network; set only by the admin. */
    allowNetwork: boolean("allow_network").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("mcp_servers_user_name_idx").on(t.userId, t.name),
    // One name, one shared server: a shared server's tools are `<name>__<tool>` for everyone.
    uniqueIndex("mcp_servers_shared_name_idx").on(t.name).where(sql`${t.shared}`),
  ],
);

/**
 * A client's MCP session on /mcp (Mcp-Session-Id), held in the database so any node answers it:
 * its token, the log level it asked for, the resources it subscribed to.
 */
export const mcpSessions = pgTable(
  "mcp_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenId: uuid("token_id")
      .notNull()
      .references(() => accessTokens.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** `logging/setLevel`'s level; null: no log messages. */
    logLevel: text("log_level"),
    /** The resource URIs of `resources/subscribe`. */
    subscriptions: jsonb("subscriptions").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mcp_sessions_user_idx").on(t.userId)],
);

/** A tools/call running on a node (a claim of node-owned work): a cancel from any node finds it. */
export const mcpRunningCalls = pgTable("mcp_running_calls", {
  /** The MCP session (or, without one, the token) and the JSON-RPC request id. */
  key: text("key").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  nodeId: text("node_id").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
});
