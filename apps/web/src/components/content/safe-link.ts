/** Schemes a link in model output may use; anything else is shown as text. */
const ALLOWED = new Set(["http:", "https:", "mailto:"]);

/**
 * The href to render for a link in untrusted markdown, or null to render it as plain text:
 * only absolute http(s) and mailto URLs, with no credentials in them.
 */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  // Control characters inside a scheme ("java\tscript:") are a classic filter bypass.
  for (let i = 0; i < trimmed.length; i++) {
    const code = trimmed.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return null;
  }
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return null;
  }
  if (!ALLOWED.has(parsed.protocol)) return null;
  if (parsed.username || parsed.password) return null;
  return parsed.href;
}
