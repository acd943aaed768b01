/** The sign-in tables: `sessions`, the mailed links (`password_resets`, `email_verifications`) and `login_failures`. */
import { bigint, boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

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

/** A table of mailed links: the token's hash, its account, when it expires and when it was used. */
function mailedLinks(name: string) {
  return pgTable(
    name,
    {
      id: text("id").primaryKey(),
      userId: uuid("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
      usedAt: timestamp("used_at", { withTimezone: true }),
      createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index(`${name}_user_id_idx`).on(t.userId)],
  );
}

/** The links mailed to reset a password (single use, an hour). */
export const passwordResets = mailedLinks("password_resets");
/** The links mailed to verify an account's email address (single use, a day). */
export const emailVerifications = mailedLinks("email_verifications");

/** Failed sign-ins per account (the per-account lockout), shared by every node. */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    account: text("account").notNull(),
    failedAt: timestamp("failed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_failures_account_idx").on(t.account, t.failedAt)],
);
