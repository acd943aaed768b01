import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { toolCallsEndWithoutFinishReason } from "../stream-endings";
import type { ProviderAdapter } from "../types";
import { bearer, pingModelList } from "./ping";

/**
 * Hugging Face's router (and Inference Endpoints / TGI) speak the OpenAI Chat Completions API;
 * the AI SDK's OpenAI-compatible provider covers them, streaming and tool calls included.
 */
export const huggingfaceAdapter: ProviderAdapter = {
  id: "huggingface",
  supportsTools: true,
  languageModel(connection, modelId) {
    const model = createOpenAICompatible({
      name: "huggingface",
      baseURL: connection.baseUrl,
      ...(connection.apiKey ? { apiKey: connection.apiKey } : {}),
      fetch: connection.fetch,
      includeUsage: true,
    }).chatModel(modelId);
    // TGI ends a tool call's stream without a finish reason.
    return toolCallsEndWithoutFinishReason(model);
  },
  ping: (connection, signal) => pingModelList(connection, "/models", bearer(connection), signal),
};
