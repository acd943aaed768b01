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

/** What a fix makes of one line of a streamed answer: the line (as is or rewritten), or an error ending it. */
export type LineFix = (line: string) => string | ProviderStreamError;

/**
 * A fetch whose streamed answers (server-sent events or NDJSON) pass line by line through `fix`,
 * for what a provider's stream parser would drop or misread. Whole (non-streamed) answers pass as they are.
 */
export function fixStreamLines(fetch: typeof globalThis.fetch, fix: LineFix): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const type = response.headers.get("content-type") ?? "";
    if (!response.ok || !response.body || !/ndjson|event-stream/.test(type)) return response;
    let pending = "";
    const decoder = new TextDecoder();
    const encoder = new TextEncoder();
    const fixed = (lines: string[], controller: TransformStreamDefaultController<Uint8Array>) => {
      let out = "";
      for (const line of lines) {
        const result = fix(line);
        if (result instanceof ProviderStreamError) {
          if (out) controller.enqueue(encoder.encode(out));
          return controller.error(result);
        }
        out += `${result}\n`;
      }
      if (out) controller.enqueue(encoder.encode(out));
    };
    const checked = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          pending += decoder.decode(chunk, { stream: true });
          const lines = pending.split("\n");
          pending = lines.pop() ?? "";
          fixed(lines, controller);
        },
        flush(controller) {
          pending += decoder.decode();
          if (!pending) return;
          const result = fix(pending);
          if (result instanceof ProviderStreamError) return controller.error(result);
          controller.enqueue(encoder.encode(result));
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

const parsed = (json: string): unknown => {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
};

/**
 * Ollama's NDJSON lines: an error line (`{"error": ...}`) ends the stream in the provider's words
 * (its parser skips it), and a tool call sent without `arguments` gets `{}` (its parser drops the whole
 * line, every call of it with that one).
 */
export const ollamaLine: LineFix = (line) => {
  if (!line.includes('"error"') && !line.includes('"tool_calls"')) return line;
  const value = parsed(line);
  if (!isRecord(value)) return line;
  if (!("message" in value)) return providerStreamError(value) ?? line;
  const calls = isRecord(value.message) ? value.message.tool_calls : null;
  if (!Array.isArray(calls)) return line;
  let changed = false;
  for (const call of calls) {
    const fn = isRecord(call) ? call.function : null;
    if (isRecord(fn) && fn.arguments == null) {
      fn.arguments = {};
      changed = true;
    }
  }
  return changed ? JSON.stringify(value) : line;
};

/**
 * OpenAI-like event lines: a chunk carrying an `error` beside its choices (OpenRouter's mid-stream
 * error) is sent on as the error alone, the shape the provider's parser reports (it reads the
 * chunk's choices and drops the error otherwise).
 */
export const openaiEventLine: LineFix = (line) => {
  if (!line.startsWith("data:") || !line.includes('"error"')) return line;
  const value = parsed(line.slice(5).trim());
  if (!isRecord(value) || value.error == null || !("choices" in value)) return line;
  return `data: ${JSON.stringify({ error: value.error })}`;
};
