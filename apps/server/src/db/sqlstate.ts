/** PostgreSQL's error code (SQLSTATE) and constraint of an error or of one of its causes (drizzle wraps pg's). */
export function sqlState(err: unknown): { code: string; constraint: string } | undefined {
  let current = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth += 1) {
    if (typeof current.code === "string" && /^[0-9A-Z]{5}$/.test(current.code))
      return {
        code: current.code,
        constraint: typeof current.constraint === "string" ? current.constraint : "",
      };
    current = current.cause as typeof current;
  }
  return undefined;
}

/** The constraint a unique violation broke ("" when unnamed), or undefined for any other error. */
export function uniqueViolation(err: unknown): string | undefined {
  const state = sqlState(err);
  return state?.code === "23505" ? state.constraint : undefined;
}

/**
 * Whether the database refused a write because another one touched the same rows at the same time:
 * a unique violation (both added the same), a deadlock (40P01) or a serialization failure (40001).
 * Nothing of the refused one was stored; asked again, it meets the other's result.
 */
export function collidedWrite(err: unknown): boolean {
  const code = sqlState(err)?.code;
  return code === "23505" || code === "40P01" || code === "40001";
}
