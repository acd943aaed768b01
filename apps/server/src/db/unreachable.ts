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
 * PostgreSQL's SQLSTATEs for a server that cannot take work now: class 08 (connection exception),
 * 57P01–57P03 (shut down by an administrator or a crash, starting up or recovering), 53300 (too
 * many connections).
 */
const unavailableState = (code: string) =>
  code.startsWith("08") || /^57P0[123]$/.test(code) || code === "53300";

/** node-postgres' own messages when a connection ends or cannot be had in time. */
const lostConnection =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed/i;

/**
 * Whether `err` (or an error it was caused by) says the database cannot be reached right now —
 * down, restarting, or the connection lost — rather than that the query itself was wrong.
 */
export function databaseUnreachable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (socketCodes.has(code) || (code.length === 5 && unavailableState(code))))
      return true;
    if (lostConnection.test(current.message)) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => databaseUnreachable(inner)))
      return true;
    current = current.cause;
  }
  return false;
}
