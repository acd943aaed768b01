import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["admin", "user"] })
      .notNull()
      .default("user"),
    plan: text("plan", { enum: ["free", "pro"] })
      .notNull()
      .default("free"),
    executiveAccess: boolean("executive_access").notNull().default(false),
    /** When the person opened the verification link mailed at sign-up (null: not verified). */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_key").on(sql`lower(${t.username})`),
    /** The first account becomes the admin exactly once, also when sign-ups race. */
    uniqueIndex("users_one_admin").on(t.role).where(sql`${t.role} = 'admin'`),
  ],
);

/** Server-side sessions; the cookie carries a random token, the row keeps only its hash. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    persistent: boolean("persistent").notNull().default(false),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

/** A configured model persona with its tools; every user has a default 'Interpreter'. */
export const agents = pgTable(
  "agents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    systemPrompt: text("system_prompt").notNull().default(""),
    provider: text("provider"),
    model: text("model"),
    temperature: real("temperature").notNull().default(0.7),
    tools: jsonb("tools").$type<string[]>().notNull().default([]),
    safeMode: boolean("safe_mode").notNull().default(true),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("agents_user_id_idx").on(t.userId),
    uniqueIndex("agents_one_default_per_user").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export const chatSessions = pgTable(
  "chat_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    agentId: uuid("agent_id").references(() => agents.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_sessions_user_id_idx").on(t.userId, t.createdAt)],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["user", "system", "assistant", "tool"] }).notNull(),
    content: text("content").notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Insertion order: messages stored within one clock tick keep the order they were stored in. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
  },
  (t) => [index("chat_messages_session_seq_idx").on(t.sessionId, t.seq)],
);

/** What the server did on a user's behalf: code runs, commands, file operations, model calls. */
export const executionLogs = pgTable(
  "execution_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id").references(() => chatSessions.id, { onDelete: "set null" }),
    type: text("type", {
      enum: ["code_execution", "file_operation", "system_command", "network_request", "llm_interaction"],
    }).notNull(),
    command: text("command").notNull(),
    result: text("result").notNull().default(""),
    status: text("status", { enum: ["success", "error", "warning"] }).notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Insertion order (newest first is by seq, not by a clock that can tie). */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
  },
  (t) => [index("execution_logs_user_seq_idx").on(t.userId, t.seq)],
);

/** A user's model preferences (provider, temperature, memory, safe mode...): nothing secret. */
export const userSettings = pgTable("user_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  preferences: jsonb("preferences").$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A user's own API key (AES-256-GCM ciphertext, never the key) and base URL per provider. */
export const userProviderSettings = pgTable(
  "user_provider_settings",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    apiKeyCiphertext: text("api_key_ciphertext"),
    baseUrl: text("base_url"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/** App data: one row per document of an app (kind), versioned so two tabs never overwrite each other. */
export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    content: jsonb("content").$type<unknown>().notNull(),
    /** Bytes of the stored title + content (JSON), summed for the per-account cap. */
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull().default(0),
    version: bigint("version", { mode: "number" }).notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("documents_user_kind_idx").on(t.userId, t.kind, t.updatedAt)],
);

/** Per-user preferences of the apps: namespace -> JSON value. */
export const userPreferences = pgTable(
  "user_preferences",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    namespace: text("namespace").notNull(),
    value: jsonb("value").$type<unknown>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.namespace] })],
);

/** Cross-session memory: facts the model (or the person) chose to remember. */
export const memories = pgTable(
  "memories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    source: text("source", { enum: ["model", "user"] })
      .notNull()
      .default("model"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("memories_user_id_idx").on(t.userId, t.createdAt)],
);

/**
 * Semantic search: text of the user's objects (workspace files by line ranges, chat messages,
 * app documents), cut into chunks, each with its embedding (real[]: cast to pgvector's vector
 * for the HNSW index where the extension is present, scanned exactly where it is not).
 */
export const vectorChunks = pgTable(
  "vector_chunks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    objectType: text("object_type", { enum: ["file", "message", "document", "text"] }).notNull(),
    objectId: text("object_id").notNull(),
    /** Lines of a file chunk (1-based, inclusive); null for other objects. */
    lineFrom: integer("line_from"),
    lineTo: integer("line_to"),
    content: text("content").notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    /** The embedding model that made `embedding` (e.g. glove-100d). */
    model: text("model").notNull(),
    embedding: real("embedding").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("vector_chunks_object_idx").on(t.userId, t.objectType, t.objectId)],
);

/** The embedding model whose index a person's searches use (absent: the local model). */
export const vectorSettings = pgTable("vector_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  model: text("model").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The person's searches (spec: analytics entry id, query, resultCount, searchType, createdAt). */
export const vectorQueries = pgTable(
  "vector_queries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    query: text("query").notNull(),
    resultCount: integer("result_count").notNull(),
    searchType: text("search_type").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("vector_queries_user_idx").on(t.userId, t.createdAt)],
);

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
    scope: text("scope").$type<"read" | "full">().notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The token's first characters, to tell tokens apart in the list. */
    prefix: text("prefix").notNull(),
    /** Writes and runs through the token wait for the person's approval in the console. */
    requireApproval: boolean("require_approval").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute (every /mcp call checks the token). */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("access_tokens_hash_idx").on(t.tokenHash),
    index("access_tokens_user_idx").on(t.userId),
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
 * Marketplace installs: one per person and item (a catalogue id or a published entry's id).
 * `effect` records what the install made (an agent's id, a server's id...) so uninstall undoes it;
 * `installing` holds the place while the effect is made, so a second install is refused.
 */
export const marketplaceInstalls = pgTable(
  "marketplace_installs",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    state: text("state").$type<"installing" | "installed">().notNull().default("installing"),
    effect: jsonb("effect").$type<Record<string, unknown>>().notNull().default({}),
    /** The person's rating of the item, 1-5. */
    rating: integer("rating"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] }), index("marketplace_installs_item_idx").on(t.itemId)],
);

/** Agents and prompts people published: private until the admin makes them public. */
export const marketplaceEntries = pgTable(
  "marketplace_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"agent-preset" | "prompt-template">().notNull(),
    title: text("title").notNull(),
    shortDescription: text("short_description").notNull(),
    description: text("description").notNull(),
    /** The agent's fields or the prompt's title and content, as published. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    visibility: text("visibility").$type<"private" | "public">().notNull().default("private"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("marketplace_entries_owner_idx").on(t.ownerId, t.createdAt)],
);
export * from "./account-schema";
export * from "./cluster-schema";
export * from "./search-schema";
export * from "./trash-schema";
