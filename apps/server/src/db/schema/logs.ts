/** The `execution_logs` table: what the server did on a person's behalf. */
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { chatSessions } from "./chat";
import { users } from "./users";

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
