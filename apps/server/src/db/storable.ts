/** Text PostgreSQL can store: a NUL (refused in text and jsonb) is shown as U+2400 "␀". */
export const storableText = (text: string): string => text.replaceAll("\0", "\u2400");

/** `value` as JSON for a jsonb column, NULs in its strings shown as U+2400. */
export const storableJson = (value: unknown): string =>
  JSON.stringify(value ?? {}).replaceAll("\\u0000", "\\u2400");
