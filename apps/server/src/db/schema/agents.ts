/** The `agents` table: a person's model personas and their tools. */
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users";

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
