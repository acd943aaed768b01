import { DrizzleQueryError } from "drizzle-orm";
import pg from "pg";

/** Node's socket errors for a server that is not there, or went away mid-conversation. */
const socketCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);

/**
 * PostgreSQL's SQLSTATEs for a server that cannot take work now: class 08 (connection exception)
 * but 08P01 (a protocol violation: a bug, not an outage), 57P01–57P03 (shut down by an
 * administrator or a crash, starting up or recovering), 53300 (too many connections).
 */
const unavailableState = (code: string) =>
  (code.startsWith("08") && code !== "08P01") || /^57P0[123]$/.test(code) || code === "53300";

/** node-postgres' own messages when a connection ends or cannot be had in time. */
const lostConnection =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed/;

/** Errors the database's pool raised while connecting (marked by `DatabasePool`). */
const fromPool = new WeakSet<object>();

/** Marks an error a query sent straight to the driver raised (no DrizzleQueryError) as the database's. */
export function databaseError<E>(err: E): E {
  if (err instanceof Error) fromPool.add(err);
  return err;
}

/** How pg's pool answers a connect with a callback (it uses that form itself, for `query`). */
type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * The application's PostgreSQL pool: a connection it cannot make is marked as the database's, so
 * `databaseUnreachable` tells it from another service's socket errors. (Queries' errors are the
 * database's already: drizzle wraps them in a DrizzleQueryError.)
 */
export class DatabasePool extends pg.Pool {
  connect(): Promise<pg.PoolClient>;
  connect(callback: ConnectCallback): void;
  connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    const mark = (err: Error | undefined) => {
      if (err) fromPool.add(err);
      return err;
    };
    if (callback) {
      super.connect((err, client, done) => callback(mark(err), client, done));
      return;
    }
    return super.connect().catch((err: Error) => {
      throw mark(err);
    });
  }
}

/** Whether one error of the chain says the connection is gone or cannot be had. */
function saysUnreachable(err: Error): boolean {
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string" && (socketCodes.has(code) || (code.length === 5 && unavailableState(code))))
    return true;
  if (
    err instanceof AggregateError &&
    err.errors.some((inner) => inner instanceof Error && saysUnreachable(inner))
  )
    return true;
  return lostConnection.test(err.message);
}

/**
 * Whether `err` comes from the database layer (a query, or the pool connecting) and says the
 * database cannot be reached right now — down, restarting, or the connection lost — rather than
 * that the query itself was wrong. Another service's socket errors (a provider, the mail server)
 * are not the database's.
 */
export function databaseUnreachable(err: unknown): boolean {
  let fromDatabase = false;
  let unreachable = false;
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    fromDatabase ||= current instanceof DrizzleQueryError || fromPool.has(current);
    unreachable ||= saysUnreachable(current);
    current = current.cause;
  }
  return fromDatabase && unreachable;
}
