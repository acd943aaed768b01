import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { AppError } from "./errors";

type Hit = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Hit) => void;
/** What the rate-limit plugin hands `child`: the route's merged options (method and url in `routeInfo`). */
type RouteLimitOptions = { routeInfo?: { method?: string | string[]; url?: string } };

/** Expired counters are deleted at most this often per node (and at least once per window). */
const PRUNE_EVERY_MS = 60_000;

/**
 * Counts `hits` (one by default) on a fixed-window counter in `rate_limits`, by the database's
 * clock: one atomic upsert, so every node on the database counts into the same window, and hits
 * in parallel are each counted once. Returns the count in the window and the ms left in it.
 */
export async function countHit(
  db: Db,
  key: string,
  windowMs: number,
  hits = 1,
): Promise<{ count: number; ttlMs: number }> {
  const result = (await db.execute(sql`
    insert into rate_limits as r (key, count, reset_at)
    values (${key}, ${hits}::int, now() + ${windowMs}::int * interval '1 millisecond')
    on conflict (key) do update set
      count = case when r.reset_at <= now() then excluded.count else r.count + excluded.count end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning r.count, ceil(extract(epoch from r.reset_at - now()) * 1000)::int as ttl_ms`)) as unknown as {
    rows: { count: number; ttl_ms: number }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error("rate limit: the counter was not written");
  return { count: row.count, ttlMs: Math.max(0, row.ttl_ms) };
}

/** The refusal of a request over its limit, `ttlMs` before its window ends. */
export const tooManyRequests = (ttlMs: number) =>
  new AppError(
    429,
    "rate_limited",
    `Too many requests. Try again in ${Math.ceil(ttlMs / 1000)} s.`,
    undefined,
    {
      "retry-after": String(Math.ceil(ttlMs / 1000)),
    },
  );

/**
 * The @fastify/rate-limit store (its `store` option) over `rate_limits`, shared by every node on
 * the database. Each limited route counts under its own prefix ("POST /api/auth/login <key>").
 * The plugin's `continueExceeding` and `exponentialBackoff` are not supported (no route uses them).
 */
export function databaseRateLimitStore(db: Db) {
  let prunedAt = 0;

  async function pruneWhenDue(windowMs: number): Promise<void> {
    const now = Date.now();
    if (now - prunedAt < Math.min(windowMs, PRUNE_EVERY_MS)) return;
    prunedAt = now;
    await db.execute(sql`delete from rate_limits where reset_at <= now()`);
  }

  return class DatabaseRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = "",
    ) {}

    incr(key: string, callback: Callback, timeWindow = PRUNE_EVERY_MS): void {
      pruneWhenDue(timeWindow)
        .then(() => countHit(db, this.prefix + key, timeWindow))
        .then(
          ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
          (err: Error) => callback(err),
        );
    }

    // Typed by the plugin as the route's options; at run time its merged limit options.
    child(routeOptions: object): DatabaseRateLimitStore {
      const { method, url } = (routeOptions as RouteLimitOptions).routeInfo ?? {};
      return new DatabaseRateLimitStore(routeOptions, `${[method].flat().join(",")} ${url ?? ""} `);
    }
  };
}
