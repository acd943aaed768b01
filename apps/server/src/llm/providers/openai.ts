import { createOpenAI } from "@ai-sdk/openai";
import { fixStreamLines, openaiEventLine } from "../stream-errors";
import type { ProviderAdapter } from "../types";
import { bearer, pingModelList } from "./ping";

/** OpenAI, and any server implementing its Chat Completions API. */
export const openaiAdapter: ProviderAdapter = {
  id: "openai",
  supportsTools: true,
  languageModel(connection, modelId) {
    return createOpenAI({
      apiKey: connection.apiKey ?? "",
      baseURL: connection.baseUrl,
      fetch: fixStreamLines(connection.fetch, openaiEventLine),
    }).chat(modelId);
  },
  ping: (connection, signal) => pingModelList(connection, "/models", bearer(connection), signal),
};
