import { type CompleteRequest, completeResponseSchema } from "@neuroos/contracts";
import { apiRequest } from "../api";

/** One short answer from a model, not streamed (POST /api/llm/complete; server: apps/server/src/llm/routes.ts). */
export async function completeOnce(body: CompleteRequest, signal?: AbortSignal) {
  return completeResponseSchema.parse(await apiRequest("POST", "/api/llm/complete", body, { signal }));
}
