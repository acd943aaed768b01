/**
 * The `next` query parameter, when it is a path on this site: starts with one "/", is not a
 * protocol-relative "//host" or "/\host", and stays on this origin once resolved.
 */
export function safeNextPath(next: string | null, fallback = "/dashboard"): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  try {
    const resolved = new URL(next, window.location.origin);
    if (resolved.origin !== window.location.origin) return fallback;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return fallback;
  }
}

/** The sign-in URL that returns to `path` afterwards. */
export function loginUrlReturningTo(path: string): string {
  return `/auth/login?next=${encodeURIComponent(path)}`;
}
