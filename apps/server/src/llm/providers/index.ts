import type { ProviderId } from "@neuroos/contracts";
import type { LocalRuntime } from "../local/runtime";
import type { ProviderAdapter } from "../types";
import { anthropicAdapter } from "./anthropic";
import { huggingfaceAdapter } from "./huggingface";
import { localAdapter } from "./local";
import { ollamaAdapter } from "./ollama";
import { openaiAdapter } from "./openai";

export function providerAdapters(local: LocalRuntime): Record<ProviderId, ProviderAdapter> {
  return {
    openai: openaiAdapter,
    anthropic: anthropicAdapter,
    huggingface: huggingfaceAdapter,
    ollama: ollamaAdapter,
    local: localAdapter(local),
  };
}
