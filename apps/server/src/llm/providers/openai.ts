import { createOpenAI } from "@ai-sdk/openai";
import type { ProviderAdapter } from "../types";
import { countModels, getJson } from "./ping";

/** OpenAI, and any server implementing its Chat Completions API. */
export const openaiAdapter: ProviderAdapter = {
  id: "openai",
  supportsTools: true,
  languageModel(connection, modelId) {
    return createOpenAI({
      apiKey: connection.apiKey ?? "",
      baseURL: connection.baseUrl,
      fetch: connection.fetch,
    }).chat(modelId);
  },
  async ping(connection, signal) {
    const headers: Record<string, string> = connection.apiKey
      ? { authorization: `Bearer ${connection.apiKey}` }
      : {};
    const n = countModels(await getJson(connection, "/models", headers, signal));
    return n === null ? "Answered" : `Answered: ${n} models available`;
  },
};
