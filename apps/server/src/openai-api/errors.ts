import type { FastifyError, FastifyInstance } from "fastify";
import { AppError, clientError } from "../http/errors";

/** An error as OpenAI's API answers it (its clients read `error.message`, `type` and `code`). */
export interface OpenAiErrorBody {
  error: { message: string; type: string; code: string | null; param: string | null };
}

const typeByStatus: Record<number, string> = {
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  409: "conflict_error",
  429: "rate_limit_error",
};

/** OpenAI's names for the codes its clients look for; the project's own code otherwise. */
const openAiCodes: Record<string, string> = {
  unauthorized: "invalid_api_key",
  llm_model_not_found: "model_not_found",
  rate_limited: "rate_limit_exceeded",
};

export function openAiErrorBody(
  status: number,
  code: string,
  message: string,
  param?: string,
): OpenAiErrorBody {
  const type = typeByStatus[status] ?? (status >= 500 ? "api_error" : "invalid_request_error");
  return { error: { message, type, code: openAiCodes[code] ?? code, param: param ?? null } };
}

/** An AppError (a gateway's LlmError too) in OpenAI's shape, naming the first field it is about. */
export const openAiErrorOf = (error: AppError) =>
  openAiErrorBody(error.status, error.code, error.message, Object.keys(error.fields ?? {})[0]);

/**
 * Every error of the plugin's routes leaves as OpenAI's `{ error: { message, type, code, param } }`
 * with its status: the same decisions as the app's handler (http/errors.ts), another shape.
 */
export function registerOpenAiErrors(app: FastifyInstance): void {
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    const known = clientError(err, request.log);
    if (known) {
      if (known.headers) reply.headers(known.headers);
      return reply.status(known.status).send(openAiErrorOf(known));
    }
    const status = typeof err.statusCode === "number" && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, "request failed");
      return reply.status(status).send(openAiErrorBody(500, "internal_error", "Internal server error"));
    }
    if (err.code === "FST_ERR_CTP_BODY_TOO_LARGE")
      return reply
        .status(413)
        .send(
          openAiErrorBody(413, "payload_too_large", `The request body is larger than ${BODY_LIMIT_MB} MB`),
        );
    if (err.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE")
      return reply
        .status(415)
        .send(openAiErrorBody(415, "unsupported_media_type", "Send the request as application/json"));
    const malformed =
      err instanceof SyntaxError ||
      err.code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
      err.code === "FST_ERR_CTP_EMPTY_JSON_BODY";
    const answered = malformed ? 400 : status;
    return reply
      .status(answered)
      .send(openAiErrorBody(answered, "bad_request", malformed ? "Malformed JSON body" : err.message));
  });
}

/** The largest request body /v1 takes (a conversation with images). */
export const BODY_LIMIT_MB = 8;

/** The refusal of a request without a valid token. */
export const invalidToken = () =>
  new AppError(
    401,
    "unauthorized",
    "A valid NeuroOS access token is required: Authorization: Bearer nos_... (Settings → Access tokens)",
  );
