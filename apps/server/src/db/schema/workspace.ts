/** The workspace tables: `workspace_usage` (running usage figures) and `workspace_saves` (files API saves). */
import { bigint, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Each workspace's usage as a running figure: every write of the files API changes it by its
 * byte delta under the person's lock; a walk of the workspace (after code ran, on the stats
 * page) sets it again from the disk.
 */
export const workspaceUsage = pgTable("workspace_usage", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  bytes: bigint("bytes", { mode: "number" }).notNull(),
  files: integer("files").notNull(),
  entries: integer("entries").notNull(),
  walkedAt: timestamp("walked_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * When a person last saved each path through the files API, on any node: what code wrote past the
 * quota is taken back, never a file the person saved meanwhile (kept a day: terminals last hours).
 */
export const workspaceSaves = pgTable(
  "workspace_saves",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    /** Its size as saved: code that grew it since makes it the code's again. */
    size: bigint("size", { mode: "number" }).notNull(),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.path] })],
);
