/** The `trash_items` table: what a person deleted, kept 30 days to be restored. */
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * What a person deleted, kept 30 days to be restored: the item's own id, what it was (`type`:
 * document; `kind`: the app's), its title, and everything needed to put it back (`payload`).
 */
export const trashItems = pgTable(
  "trash_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    itemId: text("item_id").notNull(),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    payload: jsonb("payload").$type<unknown>().notNull(),
    /** Bytes the item takes: it still counts against the quota of its place. */
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull().default(0),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("trash_items_user_idx").on(t.userId, t.deletedAt)],
);
