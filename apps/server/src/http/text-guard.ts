/** A NUL (PostgreSQL refuses it in text and jsonb) or a UTF-16 surrogate without its pair. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point of this pattern
const badText = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The path ("a.0.b") of the first string in `value` (keys included) that holds a NUL or a lone
 * surrogate, "body" for a bad key at the top, or null when every string is storable text.
 */
export function badTextPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return badText.test(value) ? path.join(".") || "body" : null;
  if (typeof value !== "object" || value === null) return null;
  for (const [key, child] of Object.entries(value)) {
    if (badText.test(key)) return path.join(".") || "body";
    const found = badTextPath(child, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}
