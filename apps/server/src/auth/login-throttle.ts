import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { lockUntilCommit } from "../db/locks";
import { loginFailures } from "../db/schema";

export interface LockoutOptions {
  /** Failed sign-ins within the window that lock the account. */
  maxFailures?: number;
  /** The sliding window, 15 minutes (tests shorten it). */
  windowMs?: number;
}

/**
 * Per-account limit on failed sign-ins (the per-IP limit is the rate-limit plugin's), held in
 * `login_failures` so every node on the database shares it: after `maxFailures` failures within
 * `windowMs`, that account refuses sign-in until the window has passed.
 *
 * A try is counted as a failure before its password is checked (`attempt`), under a lock on the
 * account, and cleared by `succeed`: tries in parallel, on any node, cannot pass the limit together.
 */
export class LoginThrottle {
  private readonly maxFailures: number;
  private readonly windowMs: number;
  private prunedAt = 0;

  constructor(
    private readonly db: Db,
    options: LockoutOptions = {},
  ) {
    this.maxFailures = options.maxFailures ?? 5;
    this.windowMs = options.windowMs ?? 15 * 60_000;
  }

  /** Counts a try against the account: 0 when it may go ahead, or the seconds to wait. */
  async attempt(account: string): Promise<number> {
    account = account.toLowerCase();
    await this.pruneWhenDue();
    const window = sql`${this.windowMs}::int * interval '1 millisecond'`;
    return this.db.transaction(async (tx) => {
      await lockUntilCommit(tx, `login_failures:${account}`);
      // The oldest of the last `maxFailures` failures: the account opens again when it leaves the window.
      const result = (await tx.execute(sql`
        select count(*)::int as failures,
          ceil(extract(epoch from min(failed_at) + ${window} - now()))::int as wait
        from (select failed_at from login_failures
          where account = ${account} and failed_at > now() - ${window}
          order by failed_at desc limit ${this.maxFailures}) as recent`)) as unknown as {
        rows: { failures: number; wait: number | null }[];
      };
      const recent = result.rows[0];
      if (recent && recent.failures >= this.maxFailures) return Math.max(1, recent.wait ?? 1);
      await tx.insert(loginFailures).values({ account });
      return 0;
    });
  }

  /** A successful sign-in or a completed password reset ends the account's lockout. */
  async succeed(account: string): Promise<void> {
    await this.db.execute(sql`delete from login_failures where account = ${account.toLowerCase()}`);
  }

  /** Failures past the window count no more: deleted at most once per window (and per minute). */
  private async pruneWhenDue(): Promise<void> {
    const now = Date.now();
    if (now - this.prunedAt < Math.min(this.windowMs, 60_000)) return;
    this.prunedAt = now;
    await this.db.execute(
      sql`delete from login_failures where failed_at <= now() - ${this.windowMs}::int * interval '1 millisecond'`,
    );
  }
}

const units = [
  { seconds: 3600, name: "hour" },
  { seconds: 60, name: "minute" },
  { seconds: 1, name: "second" },
] as const;

/** A wait for people: "15 minutes", "1 hour", "45 seconds" (rounded up in the largest unit). */
export function waitInWords(seconds: number): string {
  const unit = units.find((u) => seconds >= u.seconds) ?? units[2];
  const count = Math.max(1, Math.ceil(seconds / unit.seconds));
  return `${count} ${unit.name}${count === 1 ? "" : "s"}`;
}
