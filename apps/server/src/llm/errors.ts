import { APICallError, JSONParseError, TypeValidationError } from "@ai-sdk/provider";
import { type ErrorCode, type ProviderId, providerCatalog } from "@neuroos/contracts";
import { AppError } from "../http/errors";
import { EndpointRefusedError } from "../platform/endpoint-guard";
import type { Redactor } from "../redaction";
import { ProviderStreamError } from "./stream-errors";

/** A model call that failed, with a code per cause and (for rate limits) when to retry. */
export class LlmError extends AppError {
  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    readonly retryAfter?: number,
  ) {
    super(status, code, message, undefined, retryAfter ? { "retry-after": String(retryAfter) } : undefined);
  }
}

export interface ErrorContext {
  provider: ProviderId;
  model: string;
  /** Hides the server's secrets and the person's keys in what the provider said. */
  redactor: Redactor;
  /** The gateway's own timer fired (the upstream was aborted for it). */
  timedOut: boolean;
  timeoutMs: number;
  /** Part of the answer had already arrived. */
  midStream?: boolean;
}

const name = (p: ProviderId) => providerCatalog[p].name;

export function notConfigured(provider: ProviderId, why: string): LlmError {
  return new LlmError(400, "llm_not_configured", `${name(provider)} is not configured: ${why}`);
}

/** Seconds to wait from Retry-After (seconds or HTTP date) or retry-after-ms headers. */
export function retryAfterSeconds(headers: Record<string, string> | undefined): number | undefined {
  if (!headers) return undefined;
  const ms = Number(headers["retry-after-ms"]);
  if (Number.isFinite(ms) && ms > 0) return Math.max(1, Math.ceil(ms / 1000));
  const raw = headers["retry-after"];
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(1, Math.ceil((date - Date.now()) / 1000));
}

/** A provider's words as a person may see them: redacted first, then shortened. */
export function providerWords(text: string, redactor: Redactor): string {
  const out = redactor.text(text).replace(/\s+/g, " ").trim();
  return out.length > 300 ? `${out.slice(0, 300)}…` : out;
}

function causes(err: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = err;
  while (current && chain.length < 6) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host name lookup failed",
  EHOSTUNREACH: "host unreachable",
  UND_ERR_SOCKET: "connection closed",
};

/** An error the provider reported in its stream: its own message, and a code by its kind. */
function fromStreamError(who: string, error: ProviderStreamError, redactor: Redactor): LlmError {
  const message = `${who} reported an error: ${providerWords(error.message, redactor)}`;
  const kind = (error.kind ?? "").toLowerCase();
  if (/rate_limit/.test(kind)) return new LlmError(429, "llm_rate_limited", message, 1);
  if (/invalid_request|validation|not_found/.test(kind)) return new LlmError(400, "llm_bad_request", message);
  if (/authentication|permission/.test(kind)) return new LlmError(502, "llm_invalid_key", message);
  return new LlmError(502, "llm_provider_down", message);
}

/** Maps whatever a provider call threw to one clear LlmError. */
export function toLlmError(err: unknown, ctx: ErrorContext): LlmError {
  if (err instanceof LlmError) return err;
  const who = name(ctx.provider);
  if (ctx.timedOut) {
    return new LlmError(
      504,
      "llm_timeout",
      `${who} did not answer within ${Math.round(ctx.timeoutMs / 100) / 10} s`,
    );
  }
  const chain = causes(err);
  const reported = chain.find((e) => e instanceof ProviderStreamError) as ProviderStreamError | undefined;
  if (reported) return fromStreamError(who, reported, ctx.redactor);
  const refused = chain.find((e) => e instanceof EndpointRefusedError);
  if (refused) return new LlmError(400, "llm_endpoint_refused", (refused as Error).message);
  const malformed = chain.some((e) => JSONParseError.isInstance(e) || TypeValidationError.isInstance(e));
  if (malformed) return new LlmError(502, "llm_provider_down", `${who} sent a malformed response`);

  const api = chain.find((e) => APICallError.isInstance(e)) as APICallError | undefined;
  const status = api?.statusCode;
  if (api && status !== undefined && status >= 300) {
    const upstream = providerWords(api.message, ctx.redactor);
    const body = (api.responseBody ?? "").toLowerCase();
    if (status >= 300 && status < 400) {
      return new LlmError(
        400,
        "llm_endpoint_refused",
        `${who} answered with a redirect (HTTP ${status}); redirects are not followed`,
      );
    }
    if (status === 401 || status === 403) {
      return new LlmError(
        502,
        "llm_invalid_key",
        `${who} rejected the API key (HTTP ${status}: ${upstream}). Check the key in Settings.`,
      );
    }
    if (status === 402 || (status === 429 && /insufficient_quota|quota|billing|credit/.test(body))) {
      return new LlmError(
        429,
        "llm_quota_exceeded",
        `${who}: the account's quota or credits are used up (${upstream})`,
      );
    }
    if (status === 429) {
      const after = retryAfterSeconds(api.responseHeaders);
      const when = after ? ` Try again in ${after} s.` : " Try again shortly.";
      return new LlmError(429, "llm_rate_limited", `${who} is rate limiting requests.${when}`, after ?? 1);
    }
    if (status === 404 || /model.{0,40}(not found|does not exist|not supported)|unknown model/.test(body)) {
      return new LlmError(404, "llm_model_not_found", `${who} has no model '${ctx.model}' (${upstream})`);
    }
    if (status === 408 || status === 504) {
      return new LlmError(504, "llm_timeout", `${who} timed out (HTTP ${status})`);
    }
    if (status >= 500) {
      return new LlmError(502, "llm_provider_down", `${who} is unavailable (HTTP ${status}): ${upstream}`);
    }
    return new LlmError(400, "llm_bad_request", `${who} refused the request (HTTP ${status}): ${upstream}`);
  }
  const code = chain.map((e) => (e as NodeJS.ErrnoException).code).find((c) => typeof c === "string");
  const innermost = chain.at(-1);
  const message = innermost instanceof Error ? innermost.message : String(innermost);
  if (code === "ETIMEDOUT" || code === "UND_ERR_CONNECT_TIMEOUT" || code === "UND_ERR_HEADERS_TIMEOUT") {
    return new LlmError(504, "llm_timeout", `${who} did not answer (${code})`);
  }
  const detail = (code && NETWORK_CODES[code]) ?? code ?? providerWords(message, ctx.redactor);
  if (ctx.midStream)
    return new LlmError(
      502,
      "llm_provider_down",
      `The reply was cut short: ${who} broke off the answer (${detail})`,
    );
  return new LlmError(502, "llm_provider_down", `Cannot reach ${who} (${detail})`);
}
