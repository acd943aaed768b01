import { type CompleteRequest, llmApi } from "@neuroos/contracts";
import { call } from "../api";

/** One short answer from a model, not streamed (llmApi.complete; server: apps/server/src/llm/routes.ts). */
export async function completeOnce(body: CompleteRequest, signal?: AbortSignal) {
  return call(llmApi.complete, { body, signal });
}
