import type { ApiError } from "@neuroos/contracts";
import { type Endpoint, type PathParams, pathWith } from "@neuroos/contracts/endpoint";
import type { QueryFunction } from "@tanstack/react-query";
import type { z } from "zod";

/**
 * A non-successful HTTP answer. `message` follows the spec: "status: body text" (or the status
 * text when the body is empty); the server's own `{ error: { code, message, fields } }` is kept
 * apart so screens can show its message and per-field errors.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly serverMessage?: string;
  readonly fields?: Record<string, string>;
  /** On a 409: the state the request collided with, as the server sent it (unchecked). */
  readonly current?: unknown;

  constructor(status: number, bodyText: string, statusText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "HttpError";
    this.status = status;
    const parsed = apiErrorOf(safeJson(bodyText));
    if (parsed) {
      this.code = parsed.error.code;
      this.serverMessage = parsed.error.message;
      this.fields = parsed.error.fields;
      this.current = parsed.error.current;
    }
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The server's `{ error: { code, message, fields? } }`, checked by hand: this module is in every
 * page's first download, where the zod runtime would cost more than the rest of the shell.
 */
export function apiErrorOf(body: unknown): ApiError | null {
  const error = isRecord(body) ? body.error : undefined;
  if (!isRecord(error) || typeof error.code !== "string" || typeof error.message !== "string") return null;
  const fields = isRecord(error.fields)
    ? Object.fromEntries(
        Object.entries(error.fields).filter((e): e is [string, string] => typeof e[1] === "string"),
      )
    : undefined;
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(fields ? { fields } : {}),
      ...(error.current === undefined ? {} : { current: error.current }),
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => "");
  throw new HttpError(response.status, text, response.statusText);
}

/**
 * Sends a JSON request with the session cookie; resolves to the parsed body (undefined for 204).
 * `keepalive` lets it finish after the page is gone (a save sent on the way out); `signal` cancels it.
 */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  options: { keepalive?: boolean; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<unknown> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    keepalive: options.keepalive,
    signal: options.signal,
    headers: {
      ...(body === undefined ? { accept: "application/json" } : { "content-type": "application/json" }),
      ...options.headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  if (response.status === 204) return undefined;
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/** The message to show for a failed call: the server's own message, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof HttpError && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * A failed call in words a person can act on: the server's own `{ error: { message } }`, else
 * 'HTTP error! status: N' (the spec's words for an answer without one), else the error's message.
 */
export function failureMessage(error: unknown): string {
  if (error instanceof HttpError) return error.serverMessage ?? `HTTP error! status: ${error.status}`;
  return error instanceof Error ? error.message : String(error);
}

type UnauthorizedBehavior = "returnNull" | "throw";

/** Default query function: GET on the path made by joining the query key's parts with "/". */
export function getQueryFn(options: { on401: UnauthorizedBehavior }): QueryFunction<unknown> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKey.join("/"), { credentials: "include", signal });
    if (options.on401 === "returnNull" && response.status === 401) return null;
    await throwIfNotOk(response);
    return response.json();
  };
}

type Params<P extends string> = keyof PathParams<P> extends never
  ? { params?: undefined }
  : { params: PathParams<P> };
type BodyOf<B> = B extends z.ZodType ? { body: z.input<B> } : { body?: undefined };
type AnswerOf<A> = A extends z.ZodType ? z.output<A> : undefined;

/** What a call sends: its path's parameters, its body, a query string, and the request's options. */
export type CallInput<P extends string, B> = Params<P> &
  BodyOf<B> & {
    query?: Record<string, string | number | boolean | undefined>;
    keepalive?: boolean;
    signal?: AbortSignal;
    /** Headers beyond JSON's own (a save's If-Match). */
    headers?: Record<string, string>;
  };

/**
 * Calls an endpoint of the API (defined in contracts) as the signed-in person; resolves to its
 * answer, parsed with the endpoint's schema (a failed call throws an HttpError).
 */
export async function call<P extends string, B extends z.ZodType | null, A extends z.ZodType | null>(
  endpoint: Endpoint<P, B, A>,
  ...[input]: keyof PathParams<P> extends never
    ? B extends z.ZodType
      ? [CallInput<P, B>]
      : [CallInput<P, B>?]
    : [CallInput<P, B>]
): Promise<AnswerOf<A>> {
  const query = Object.entries(input?.query ?? {}).filter(
    (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
  );
  const search = query.length > 0 ? `?${new URLSearchParams(query.map(([k, v]) => [k, String(v)]))}` : "";
  const url = pathWith(endpoint.path, (input?.params ?? {}) as Record<string, string>) + search;
  const answer = await apiRequest(endpoint.method, url, input?.body, {
    keepalive: input?.keepalive,
    signal: input?.signal,
    headers: input?.headers,
  });
  return (endpoint.answer ? endpoint.answer.parse(answer) : undefined) as AnswerOf<A>;
}
