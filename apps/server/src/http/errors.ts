import type { ApiError, ErrorCode } from "@neuroos/contracts";
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import type { ZodType } from "zod";
import { collidedWrite } from "../db/sqlstate";
import { databaseUnreachable } from "../db/unreachable";
import { badTextPath } from "./text-guard";

/** An error meant for the client: its code, message and status are sent as they are. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** For a 409: the state the request collided with, so the client can show both. */
    readonly current?: unknown,
  ) {
    super(message);
  }
}

/** A 409 for a write made on an older state: the message, and that state as it is now. */
export const conflictWith = (message: string, current: unknown) =>
  new AppError(409, "conflict", message, undefined, undefined, current);

/** Seconds a client is asked to wait before it tries again while the database is away. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The error to tell the client, when there is one to tell: an `AppError` as it is, and a database
 * that cannot be reached as a 503 to try again later (nothing is wrong with the request; a write
 * whose connection was lost while it committed may or may not be stored, as with any outage).
 * Anything else stays the caller's: a 4xx of Fastify's as it is, an internal error logged. The
 * refusals for the database are logged here, as warnings, for every route alike.
 */
export function clientError(err: unknown, log: Pick<FastifyBaseLogger, "warn">): AppError | undefined {
  if (err instanceof AppError) return err;
  const status = (err as { statusCode?: unknown } | undefined)?.statusCode;
  if (typeof status === "number" && status < 500) return undefined; // e.g. an upload the client cut
  if (collidedWrite(err)) {
    // The one place for races the service did not order itself: a clear 409, nothing stored (the
    // error handler adds the state the address holds now).
    log.warn({ err }, "refused: another change to the same data was saved at the same moment");
    return new AppError(
      409,
      "conflict",
      "Another change to the same data was being saved at the same moment. Reload to see the latest, then try again.",
    );
  }
  if (!databaseUnreachable(err)) return undefined;
  log.warn({ err }, "refused: the database cannot be reached");
  return new AppError(
    503,
    "service_unavailable",
    "The database cannot be reached right now. Try again in a moment.",
    undefined,
    {
      "retry-after": String(DATABASE_RETRY_AFTER_SECONDS),
    },
  );
}

export const notFound = (what = "Resource") => new AppError(404, "not_found", `${what} not found`);

export function errorBody(
  code: string,
  message: string,
  fields?: Record<string, string>,
  current?: unknown,
): ApiError {
  return {
    error: { code, message, ...(fields ? { fields } : {}), ...(current === undefined ? {} : { current }) },
  };
}

/** Parses untrusted input with a contracts schema; failures become a 400 naming each field. */
export function parse<T>(schema: ZodType<T>, input: unknown): T {
  const bad = badTextPath(input);
  if (bad !== null) {
    const message = "Text cannot contain NUL characters or unpaired surrogates";
    throw new AppError(400, "bad_request", `${bad}: ${message}`, { [bad]: message });
  }
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "body";
    fields[key] ??= issue.message;
  }
  const first = Object.entries(fields)[0];
  throw new AppError(400, "validation_failed", first ? `${first[0]}: ${first[1]}` : "Invalid input", fields);
}

const statusCodes: Record<number, ErrorCode> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  503: "service_unavailable",
};

/**
 * What the address of a write that collided with another holds now, read as the same person (a
 * GET of the same URL with the same credentials): the state a 409 carries, so the client can
 * show both. Undefined where the address has nothing to read.
 */
async function stateNow(app: FastifyInstance, request: FastifyRequest): Promise<unknown> {
  if (request.method === "GET") return undefined;
  const { cookie, authorization } = request.headers;
  const read = await app.inject({
    method: "GET",
    url: request.url,
    headers: { ...(cookie ? { cookie } : {}), ...(authorization ? { authorization } : {}) },
  });
  if (read.statusCode !== 200 || !read.headers["content-type"]?.toString().includes("json")) return undefined;
  return read.json();
}

/** Every error leaves the server as `{ error: { code, message } }` with its status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    const known = clientError(err, request.log);
    if (known) {
      if (known.headers) reply.headers(known.headers);
      const current =
        known.current !== undefined || !collidedWrite(err)
          ? known.current
          : await stateNow(app, request).catch(() => undefined);
      return reply.status(known.status).send(errorBody(known.code, known.message, known.fields, current));
    }
    const status = typeof err.statusCode === "number" && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, "request failed");
      return reply.status(status).send(errorBody("internal_error", "Internal server error"));
    }
    let message = err.message;
    if (err.code === "FST_ERR_CTP_BODY_TOO_LARGE") message = "Request body is larger than 1 MB";
    else if (err.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") message = "Unsupported content type";
    else if (
      err instanceof SyntaxError ||
      err.code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
      err.code === "FST_ERR_CTP_EMPTY_JSON_BODY"
    )
      message = "Malformed JSON body";
    return reply.status(status).send(errorBody(statusCodes[status] ?? "bad_request", message));
  });
}
