/** The chat tables: `chat_sessions` and their `chat_messages`. */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { agents } from "./agents";
import { users } from "./users";

export const chatSessions = pgTable(
  "chat_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    agentId: uuid("agent_id").references(() => agents.id, { onDelete: "set null" }),
    /** The provider and model the next turn uses instead of the agent's (null: the agent's or the default). */
    provider: text("provider"),
    model: text("model"),
    /** The last message of the branch shown: a new message follows it (null: none yet). */
    headId: uuid("head_id"),
    pinnedAt: timestamp("pinned_at", { withTimezone: true }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
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
    /**
     * The message this one follows in its branch (null: the first). Siblings (same parent) are the
     * versions of an edited message or a regenerated reply; deleting a message deletes what follows it.
     */
    parentId: uuid("parent_id").references((): AnyPgColumn => chatMessages.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["user", "system", "assistant", "tool"] }).notNull(),
    content: text("content").notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Insertion order: messages stored within one clock tick keep the order they were stored in. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    index("chat_messages_session_seq_idx").on(t.sessionId, t.seq),
    index("chat_messages_parent_id_idx").on(t.parentId),
    index("chat_messages_text_idx").using("gin", sql`to_tsvector('simple', ${t.content})`),
  ],
);

/**
 * What a run of code or a command from a message printed, kept with the message (a run from a
 * reply's code block, an Execute): shown in place after a reload and exported with it.
 */
export const chatMessageOutputs = pgTable(
  "chat_message_outputs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    /** Which block of the message ran (its index among the message's code blocks), or null. */
    block: integer("block"),
    kind: text("kind", { enum: ["run", "command"] }).notNull(),
    language: text("language").notNull(),
    input: text("input").notNull(),
    stdout: text("stdout").notNull(),
    stderr: text("stderr").notNull(),
    /** The whole output's length in characters (stdout and stderr are kept cut when longer). */
    outputChars: integer("output_chars").notNull(),
    exitCode: integer("exit_code"),
    durationMs: integer("duration_ms").notNull(),
    /** Workspace files the run wrote: [{ path, size }]. */
    files: jsonb("files").$type<{ path: string; size: number }[]>().notNull().default([]),
    executionId: text("execution_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_message_outputs_message_id_idx").on(t.messageId)],
);
