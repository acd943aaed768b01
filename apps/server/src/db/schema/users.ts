/** The account table: `users` (every other table keys on it). */
import { sql } from "drizzle-orm";
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

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
