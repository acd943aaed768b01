/** What stands in for a secret hidden wholly. */
export const REDACTED = "[redacted]";
/** Shorter values are not hidden: they would blank ordinary words. */
const MIN_SECRET = 6;
/** Environment variables holding secrets by their names' endings. */
const SECRET_NAME = /(KEY|TOKEN|SECRET|PASSWORD)$/;

type Secret = readonly [value: string, shownAs: string];

/** Each of a header's words long enough to be a secret (a token after `Bearer`), and the whole value. */
function valueAndWords(value: string): string[] {
  return [value, ...value.split(/\s+/)];
}

/**
 * Hides every secret the server holds from text a person sees or a log keeps: the server's own
 * (provider keys, tokens, the passwords of its URLs) wholly, a person's own keys all but their last
 * 4 characters. Built once at boot from the environment; each call adds the person's own secrets.
 */
export class Redactor {
  private constructor(private readonly secrets: readonly Secret[]) {}

  /** Hides nothing (a part built without the server's redactor). */
  static readonly none = new Redactor([]);

  /** The server's secrets: each variable named …KEY, …TOKEN, …SECRET, …PASSWORD, and URL passwords. */
  static fromEnv(env: Readonly<Record<string, unknown>>): Redactor {
    const values: string[] = [];
    for (const [name, value] of Object.entries(env)) {
      if (typeof value !== "string") continue;
      if (SECRET_NAME.test(name)) values.push(value);
      else if (/^[a-z][a-z0-9+.-]*:\/\/[^/@\s]*:[^/@\s]+@/i.test(value)) {
        const password = new URL(value).password;
        values.push(password, decodeURIComponent(password));
      }
    }
    return Redactor.none.with(...values);
  }

  /** And these, hidden wholly (tokens, header values: each of their words too). */
  with(...values: (string | null | undefined)[]): Redactor {
    const added = values
      .filter((v): v is string => typeof v === "string")
      .flatMap(valueAndWords)
      .map((v) => [v, REDACTED] as const);
    return this.extended(added);
  }

  /** And the person's own keys, shown as their last 4 characters. */
  withOwn(...keys: (string | null | undefined)[]): Redactor {
    const added = keys
      .filter((k): k is string => typeof k === "string")
      .map((k) => [k, `[redacted …${k.slice(-4)}]`] as const);
    return this.extended(added);
  }

  /** `text` with every secret replaced (the longest first, so none is left half shown). */
  text(text: string): string {
    let out = text;
    for (const [value, shownAs] of this.secrets)
      if (out.includes(value)) out = out.split(value).join(shownAs);
    return out;
  }

  /** The error, its message (and stack) redacted in place: what any later reader of it sees. */
  error<T>(err: T): T {
    if (err instanceof Error) {
      err.message = this.text(err.message);
      if (err.stack) err.stack = this.text(err.stack);
    }
    return err;
  }

  private extended(added: Secret[]): Redactor {
    const kept = added.filter(([v]) => v.trim().length >= MIN_SECRET);
    if (kept.length === 0) return this;
    // A value hidden wholly wins over the same one shown by its last characters.
    const all = new Map<string, string>();
    for (const [v, shown] of [...kept, ...this.secrets])
      if (!all.has(v) || shown === REDACTED) all.set(v, shown);
    return new Redactor([...all].sort(([a], [b]) => b.length - a.length));
  }
}
