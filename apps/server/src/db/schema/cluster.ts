/** The tables several server nodes share: `server_nodes`, `live_payloads`, `chat_turns`, `running_executions`, `approval_requests`, `live_terminals`, `rate_limits`. */
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { chatSessions } from "./chat";
import { users } from "./users";

// What several server nodes on one database share (cluster/). With one node (PGlite) the same
// tables hold the same state, so there is one way of doing each thing.

/** The server nodes alive now: each writes its heartbeat; a node silent too long is dead. */
export const serverNodes = pgTable("server_nodes", {
  id: text("id").primaryKey(),
  host: text("host").notNull(),
  pid: integer("pid").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Live frames too big for a NOTIFY payload: the notification carries the row's id. */
export const livePayloads = pgTable(
  "live_payloads",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("live_payloads_created_at_idx").on(t.createdAt)],
);

/** The chat turns running now, one per session, and the node that runs each. */
export const chatTurns = pgTable(
  "chat_turns",
  {
    sessionId: uuid("session_id")
      .primaryKey()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    nodeId: text("node_id").notNull(),
    agent: boolean("agent").notNull().default(false),
    /** The reply streaming now and its text so far (written every so often): a browser joining gets it first. */
    replyId: uuid("reply_id"),
    replyText: text("reply_text").notNull().default(""),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_turns_user_id_idx").on(t.userId), index("chat_turns_node_id_idx").on(t.nodeId)],
);

/**
 * The runs of code going on now and the node whose sandbox runs each (a run stays on its node):
 * cancel reaches that node, and a dead node's runs are failed for their browsers. A run names its
 * session, or (outside one) the app whose screen shows it, as its live frames do.
 */
export const runningExecutions = pgTable(
  "running_executions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id").references(() => chatSessions.id, { onDelete: "cascade" }),
    app: text("app"),
    nodeId: text("node_id").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    // What the execution log is told of a run whose node dies before it can write the entry.
    type: text("type").notNull().default("code_execution"),
    command: text("command").notNull().default(""),
    language: text("language").notNull().default(""),
    caller: jsonb("caller"),
  },
  (t) => [index("running_executions_node_id_idx").on(t.nodeId)],
);

/** Safe mode's questions waiting for the person, answered from any node. */
export const approvalRequests = pgTable(
  "approval_requests",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    nodeId: text("node_id").notNull(),
    /** The `approval_request` frame, as the browsers get it. */
    frame: jsonb("frame").notNull(),
    status: text("status", { enum: ["pending", "approved", "denied", "timeout", "stopped", "failed"] })
      .notNull()
      .default("pending"),
    /** The input as the person edited it, when they approved with changes. */
    input: jsonb("input"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("approval_requests_user_id_idx").on(t.userId, t.status)],
);

/** Processes held open now (terminals, local MCP servers) and the node whose sandbox runs each (they stay on it). */
export const liveTerminals = pgTable("live_terminals", {
  id: text("id").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  nodeId: text("node_id").notNull(),
  /** What process it is: a terminal's shell, or a local MCP server ("mcp"); each kind has its cap. */
  kind: text("kind").notNull().default("terminal"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window request counters (the per-address sign-in limit), shared by every node. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});
