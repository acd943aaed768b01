import { z } from "zod";

/** Every error the API returns has this shape: `{ error: { code, message } }`. */
export const errorCodes = [
  "bad_request",
  "validation_failed",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "invalid_token",
  "method_not_allowed",
  "internal_error",
  "service_unavailable",
  "invalid_path",
  "sandbox_unavailable",
  "speech_timeout",
  // Server speech: espeak-ng itself failed (crashed, or went past a limit of its sandbox).
  "speech_failed",
  // LLM gateway: each upstream failure has its own code.
  "llm_not_configured",
  "llm_invalid_key",
  "llm_rate_limited",
  "llm_quota_exceeded",
  "llm_model_not_found",
  "llm_provider_down",
  "llm_timeout",
  "llm_bad_request",
  "llm_endpoint_refused",
  "mcp_endpoint_refused",
  // A person's MCP server: not reachable now, or it answered with an error.
  "mcp_unavailable",
  "mcp_server_error",
  "action_output_invalid",
  // Marketplace: a paid item on a free account.
  "plan_required",
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** On a 409: the state the request collided with (a file's content, a document), to show both. */
    current: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
