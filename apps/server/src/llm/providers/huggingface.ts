import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
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
    return createOpenAICompatible({
      name: "huggingface",
      baseURL: connection.baseUrl,
      ...(connection.apiKey ? { apiKey: connection.apiKey } : {}),
      fetch: connection.fetch,
      includeUsage: true,
    }).chatModel(modelId);
  },
  ping: (connection, signal) => pingModelList(connection, "/models", bearer(connection), signal),
};
