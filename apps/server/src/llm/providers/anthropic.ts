import { createAnthropic } from "@ai-sdk/anthropic";
import { countWhatArrived, type UsageReader } from "../stream-endings";
import type { ProviderAdapter } from "../types";
import { pingModelList } from "./ping";

export const anthropicAdapter: ProviderAdapter = {
  id: "anthropic",
  supportsTools: true,
  languageModel(connection, modelId) {
    const model = createAnthropic({
      apiKey: connection.apiKey ?? "",
      baseURL: connection.baseUrl,
      fetch: connection.fetch,
    }).languageModel(modelId);
    return countWhatArrived(model, anthropicUsage);
  },
  ping(connection, signal) {
    const headers: Record<string, string> = { "anthropic-version": "2023-06-01" };
    if (connection.apiKey) headers["x-api-key"] = connection.apiKey;
    return pingModelList(connection, "/models", headers, signal);
  },
};

type Counts = { input_tokens?: unknown; output_tokens?: unknown } | undefined;
const count = (n: unknown) => (typeof n === "number" ? n : undefined);

/**
 * Anthropic's counts as its events bring them: input (and the first output) tokens in message_start,
 * the output so far in each message_delta.
 */
const anthropicUsage: UsageReader = (raw, usage) => {
  const event = raw as { type?: string; message?: { usage?: Counts }; usage?: Counts } | null;
  const counts =
    event?.type === "message_start"
      ? event.message?.usage
      : event?.type === "message_delta"
        ? event.usage
        : undefined;
  if (!counts) return;
  usage.inputTokens.total = count(counts.input_tokens) ?? usage.inputTokens.total;
  usage.outputTokens.total = count(counts.output_tokens) ?? usage.outputTokens.total;
};
