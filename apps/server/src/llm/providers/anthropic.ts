import { createAnthropic } from "@ai-sdk/anthropic";
import type { ProviderAdapter } from "../types";
import { pingModelList } from "./ping";

export const anthropicAdapter: ProviderAdapter = {
  id: "anthropic",
  supportsTools: true,
  languageModel(connection, modelId) {
    return createAnthropic({
      apiKey: connection.apiKey ?? "",
      baseURL: connection.baseUrl,
      fetch: connection.fetch,
    }).languageModel(modelId);
  },
  ping(connection, signal) {
    const headers: Record<string, string> = { "anthropic-version": "2023-06-01" };
    if (connection.apiKey) headers["x-api-key"] = connection.apiKey;
    return pingModelList(connection, "/models", headers, signal);
  },
};
