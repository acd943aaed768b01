import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { ProviderAdapter } from "../types";
import { countModels, getJson } from "./ping";

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
  async ping(connection, signal) {
    const headers: Record<string, string> = connection.apiKey
      ? { authorization: `Bearer ${connection.apiKey}` }
      : {};
    const n = countModels(await getJson(connection, "/models", headers, signal));
    return n === null ? "Answered" : `Answered: ${n} models available`;
  },
};
