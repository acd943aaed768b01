/** The marketplace tables: `marketplace_installs` and `marketplace_entries`. */
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

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
