import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema";

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
