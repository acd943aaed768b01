import { TypeValidationError } from "@ai-sdk/provider";

/** An error the provider reported inside a stream (not a broken connection): its own words. */
export class ProviderStreamError extends Error {
  constructor(
    message: string,
    /** The provider's kind of error (`overloaded_error`, `server_error`, `rate_limit_error`, ...). */
    readonly kind: string | null,
  ) {
    super(message);
    this.name = "ProviderStreamError";
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/**
 * The provider's error in the shapes their streams carry it: OpenAI `{error: {message, type}}` or
 * its inner object, Anthropic `{type: "error", error: {type, message}}`, TGI `{error, error_type}`,
 * Ollama `{error}`, or a chunk the SDK could not read that holds one of those. Null when `raw`
 * holds no provider message.
 */
export function providerStreamError(raw: unknown): ProviderStreamError | null {
  if (raw instanceof ProviderStreamError) return raw;
  const value = TypeValidationError.isInstance(raw) ? raw.value : raw;
  if (!isRecord(value) || value instanceof Error) return null;
  const inner = isRecord(value.error) ? value.error : null;
  const message = text(inner?.message) ?? text(value.error) ?? text(value.message);
  if (!message) return null;
  const kind = text(inner?.type) ?? text(value.error_type) ?? text(value.type);
  return new ProviderStreamError(message, kind === "error" ? null : kind);
}

/**
 * A fetch whose NDJSON answers end in an error when a line is a provider error (`{"error": ...}`):
 * some providers' stream parsers skip such lines silently (Ollama's).
 */
export function failOnErrorLines(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const type = response.headers.get("content-type") ?? "";
    if (!response.ok || !response.body || !type.includes("ndjson")) return response;
    let pending = "";
    const decoder = new TextDecoder();
    const checked = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          pending += decoder.decode(chunk, { stream: true });
          const lines = pending.split("\n");
          pending = lines.pop() ?? "";
          for (const line of lines) {
            if (!line.includes('"error"')) continue;
            let parsed: unknown;
            try {
              parsed = JSON.parse(line);
            } catch {
              continue;
            }
            const error = isRecord(parsed) && !("message" in parsed) ? providerStreamError(parsed) : null;
            if (error) return controller.error(error);
          }
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(checked, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
