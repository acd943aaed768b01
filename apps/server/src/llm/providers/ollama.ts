import { createOllama } from "ollama-ai-provider-v2";
import { fixStreamLines, ollamaLine } from "../stream-errors";
import type { ProviderAdapter } from "../types";
import { bearer, pingModelList } from "./ping";

/** Ollama's native API (/api/chat, NDJSON streaming) at its endpoint. */
export const ollamaAdapter: ProviderAdapter = {
  id: "ollama",
  supportsTools: true,
  // Ollama refuses tools for models whose template has none (these catalogue models among them).
  modelsWithoutTools: /^(llama2|codellama|neural-chat|starling-lm|gemma2?|phi3?)(:|$)/,
  languageModel(connection, modelId) {
    return createOllama({
      baseURL: `${connection.baseUrl}/api`,
      fetch: fixStreamLines(connection.fetch, ollamaLine),
      ...(connection.apiKey ? { headers: { authorization: `Bearer ${connection.apiKey}` } } : {}),
    }).chat(modelId);
  },
  // Ollama reads sampling settings from `options` (temperature, num_predict); the provider
  // package puts them at the top level, where Ollama ignores them.
  callOptions: ({ temperature, maxTokens }) => ({
    ollama: { options: { temperature, num_predict: maxTokens } },
  }),
  ping: (connection, signal) =>
    pingModelList(connection, "/api/tags", bearer(connection), signal, "installed"),
};
