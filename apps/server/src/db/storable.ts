/** Text PostgreSQL can store: a NUL (refused in text and jsonb) is shown as U+2400 "␀". */
export const storableText = (text: string): string => text.replaceAll("\0", "\u2400");

/**
 * The escapes JSON.stringify writes that jsonb refuses: \u0000 (NUL) and a lone surrogate
 * (\ud800-\udfff: paired ones are written as characters, never escaped). An escape counts only
 * after an even number of backslashes ("\\u0000" is the text backslash-u0000, kept as it is).
 */
const refusedEscape = /(?<!\\)((?:\\\\)*)\\u(0000|d[89a-f][0-9a-f]{2})/gi;

/** `value` as JSON for a jsonb column: NULs shown as U+2400, lone surrogates as U+FFFD. */
export const storableJson = (value: unknown): string =>
  JSON.stringify(value ?? {}).replace(refusedEscape, (_all, slashes: string, code: string) =>
    code === "0000" ? `${slashes}\\u2400` : `${slashes}\\ufffd`,
  );
