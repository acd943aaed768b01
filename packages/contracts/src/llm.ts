import { z } from "zod";
import { endpoint } from "./endpoint";

/** The five model providers behind the gateway. */
export const providerIds = ["openai", "anthropic", "huggingface", "ollama", "local"] as const;
export const providerIdSchema = z.enum(providerIds, {
  error: `Provider must be one of ${providerIds.join(", ")}`,
});
export type ProviderId = z.infer<typeof providerIdSchema>;

/** Generation defaults for every provider (spec section 9). */
export const LLM_DEFAULTS = { temperature: 0.7, maxTokens: 2048 } as const;
export const MAX_OUTPUT_TOKENS = 64_000;

export interface ProviderCatalogEntry {
  id: ProviderId;
  /** Display name (spec section 9). */
  name: string;
  defaultModel: string;
  /** Models offered in pickers; any other id the provider knows works too. */
  models: readonly string[];
  /** Where requests go when neither the operator nor the user set a base URL. */
  defaultBaseUrl: string;
  /** Whether an API key is needed to use the provider at its default address. */
  needsKey: boolean;
}

/**
 * Names, default models and model lists: the spec's lists first, then current models.
 * The local provider's models are GGUF files; see `localModelCatalog`.
 */
export const providerCatalog: Record<ProviderId, ProviderCatalogEntry> = {
  openai: {
    id: "openai",
    name: "OpenAI",
    defaultModel: "gpt-4",
    models: [
      "gpt-4",
      "gpt-4-turbo",
      "gpt-3.5-turbo",
      "gpt-4o",
      "gpt-4o-mini",
      "gpt-4.1",
      "gpt-4.1-mini",
      "gpt-5",
      "gpt-5-mini",
      "gpt-5.1",
      "o4-mini",
    ],
    defaultBaseUrl: "https://api.openai.com/v1",
    needsKey: true,
  },
  anthropic: {
    id: "anthropic",
    name: "Anthropic",
    defaultModel: "claude-sonnet-4-5",
    models: [
      "claude-sonnet-4-5",
      "claude-3-5-sonnet-20241022",
      "claude-3-opus-20240229",
      "claude-3-5-haiku-20241022",
      "claude-3-haiku-20240307",
      "claude-sonnet-4-20250514",
      "claude-3-7-sonnet-20250219",
      "claude-opus-4-1",
      "claude-opus-4-5",
      "claude-haiku-4-5",
    ],
    defaultBaseUrl: "https://api.anthropic.com/v1",
    needsKey: true,
  },
  huggingface: {
    id: "huggingface",
    name: "HuggingFace",
    defaultModel: "meta-llama/Llama-3.1-8B-Instruct",
    models: [
      "meta-llama/Llama-3.1-8B-Instruct",
      "mistralai/Mistral-7B-Instruct-v0.1",
      "google/flan-t5-xxl",
      "EleutherAI/gpt-neox-20b",
      "Qwen/Qwen2.5-7B-Instruct",
      "Qwen/Qwen2.5-Coder-32B-Instruct",
      "deepseek-ai/DeepSeek-V3-0324",
      "openai/gpt-oss-120b",
    ],
    defaultBaseUrl: "https://router.huggingface.co/v1",
    needsKey: true,
  },
  ollama: {
    id: "ollama",
    name: "Ollama (Local)",
    defaultModel: "llama2",
    models: [
      "llama2",
      "mistral",
      "codellama",
      "neural-chat",
      "starling-lm",
      "llama3.2",
      "llama3.1",
      "qwen2.5",
      "qwen2.5-coder",
      "gemma3",
      "phi4",
    ],
    defaultBaseUrl: "http://localhost:11434",
    needsKey: false,
  },
  local: {
    id: "local",
    name: "Local model",
    defaultModel: "smollm2-360m-instruct",
    models: ["smollm2-360m-instruct", "qwen2.5-0.5b-instruct", "smollm2-135m-instruct"],
    defaultBaseUrl: "",
    needsKey: false,
  },
};

/** GGUF models `npm run model:pull -- <name>` (and Settings) can download from Hugging Face. */
export const localModelCatalog = [
  {
    name: "smollm2-360m-instruct",
    title: "SmolLM2 360M Instruct (Q8_0)",
    repo: "HuggingFaceTB/SmolLM2-360M-Instruct-GGUF",
    file: "smollm2-360m-instruct-q8_0.gguf",
    approxBytes: 386_000_000,
  },
  {
    name: "qwen2.5-0.5b-instruct",
    title: "Qwen2.5 0.5B Instruct (Q4_K_M)",
    repo: "Qwen/Qwen2.5-0.5B-Instruct-GGUF",
    file: "qwen2.5-0.5b-instruct-q4_k_m.gguf",
    approxBytes: 491_000_000,
  },
  {
    name: "smollm2-135m-instruct",
    title: "SmolLM2 135M Instruct (Q8_0)",
    repo: "bartowski/SmolLM2-135M-Instruct-GGUF",
    file: "SmolLM2-135M-Instruct-Q8_0.gguf",
    approxBytes: 145_000_000,
  },
] as const;
export type LocalCatalogModel = (typeof localModelCatalog)[number];

const messageContent = z.string().max(200_000, "A message must be at most 200000 characters");

export const llmMessageSchema = z.object({
  role: z.enum(["system", "user", "assistant"], { error: "Role must be system, user or assistant" }),
  content: messageContent,
});
export type LlmMessage = z.infer<typeof llmMessageSchema>;

const messages = z
  .array(llmMessageSchema)
  .min(1, "At least one message is required")
  .max(500, "At most 500 messages");

const modelId = z
  .string()
  .trim()
  .min(1, "Model is required")
  .max(200, "Model must be at most 200 characters");
const temperature = z
  .number({ error: "Temperature must be a number" })
  .min(0, "Temperature must be between 0 and 2")
  .max(2, "Temperature must be between 0 and 2");
const maxTokens = z
  .number({ error: "Max tokens must be a number" })
  .int("Max tokens must be a whole number")
  .min(1, "Max tokens must be at least 1")
  .max(MAX_OUTPUT_TOKENS, `Max tokens must be at most ${MAX_OUTPUT_TOKENS}`);

/** Chat config; omitted fields come from the user's settings, then the provider's defaults. */
export const llmConfigSchema = z.object({
  provider: providerIdSchema.optional(),
  model: modelId.optional(),
  temperature: temperature.optional(),
  maxTokens: maxTokens.optional(),
  /** Ollama's address for this request (spec: config endpoint for ollama). */
  endpoint: z.string().trim().max(2000).optional(),
});
export type LlmConfig = z.infer<typeof llmConfigSchema>;

export const chatRequestSchema = z.object({
  messages,
  config: llmConfigSchema.default({}),
  /** true answers with the same event stream as /api/llm/chat/stream. */
  stream: z.boolean().default(false),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;

export const chatStreamRequestSchema = z.object({ messages, config: llmConfigSchema.default({}) });

export const completeRequestSchema = z.object({
  provider: providerIdSchema.optional(),
  model: modelId.optional(),
  messages,
  temperature: temperature.optional(),
  maxTokens: maxTokens.optional(),
  /** true answers with the event stream of /api/llm/chat/stream (the IDE's assistant). */
  stream: z.boolean().default(false),
  /** What the call is for, in the model-call log (e.g. ide_chat, ide_completion). */
  feature: z.enum(["complete", "ide_chat", "ide_completion"]).default("complete"),
});
export type CompleteRequest = z.input<typeof completeRequestSchema>;

export const llmUsageSchema = z.object({
  promptTokens: z.number().nullable(),
  completionTokens: z.number().nullable(),
  totalTokens: z.number().nullable(),
});
export type LlmUsage = z.infer<typeof llmUsageSchema>;

export const chatResponseSchema = z.object({
  content: z.string(),
  model: z.string(),
  provider: providerIdSchema,
  usage: llmUsageSchema,
  finishReason: z.string(),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

export const completeResponseSchema = z.object({ content: z.string() });

/** One `data:` line of the event stream (besides the final `[DONE]`). */
export const streamChunkSchema = z.union([
  z.object({ content: z.string() }),
  /** An AI action's checked result (see actions.ts), after its text. */
  z.object({ result: z.record(z.string(), z.unknown()) }),
  z.object({
    error: z.object({ code: z.string(), message: z.string(), retryAfter: z.number().optional() }),
  }),
]);
export type StreamChunk = z.infer<typeof streamChunkSchema>;
export const STREAM_DONE = "[DONE]";

export const providerStatusValues = [
  "active",
  "unconfigured",
  "invalid_key",
  "rate_limited",
  "unreachable",
  "error",
] as const;
export const providerStatusSchema = z.object({
  provider: providerIdSchema,
  /** 'active' only when configured and a live check just answered. */
  status: z.enum(providerStatusValues),
  detail: z.string(),
  checkedAt: z.string(),
});
export type ProviderStatus = z.infer<typeof providerStatusSchema>;

export const providerInfoSchema = z.object({
  id: providerIdSchema,
  name: z.string(),
  configured: z.boolean(),
  /** Whose key a request would use: the user's, the server's, or none. */
  keySource: z.enum(["user", "server", "none"]),
  /** Where requests go (the user's base URL, the operator's, or the default). */
  baseUrl: z.string(),
  defaultModel: z.string(),
  models: z.array(z.string()),
  supportsTools: z.boolean(),
});
export type ProviderInfo = z.infer<typeof providerInfoSchema>;

export const providersResponseSchema = z.object({
  providers: z.array(providerInfoSchema),
  defaultProvider: providerIdSchema,
  /** The provider a chat without config would use, or null when none is usable (show setup). */
  usableProvider: providerIdSchema.nullable(),
});
export type ProvidersResponse = z.infer<typeof providersResponseSchema>;

export const localModelSchema = z.object({
  name: z.string(),
  title: z.string(),
  file: z.string(),
  installed: z.boolean(),
  sizeBytes: z.number().nullable(),
  download: z
    .object({
      state: z.enum(["downloading", "verifying", "done", "failed"]),
      receivedBytes: z.number(),
      totalBytes: z.number().nullable(),
      error: z.string().optional(),
    })
    .nullable(),
});
export type LocalModel = z.infer<typeof localModelSchema>;
export const localModelsResponseSchema = z.object({ models: z.array(localModelSchema) });
export const pullModelRequestSchema = z.object({
  name: z.string().trim().min(1, "Model name is required").max(300),
});

/**
 * The LLM gateway's API (server: apps/server/src/llm/routes.ts). A chat or completion asked with
 * `stream: true`, and chat/stream always, answer a server-sent event stream (streamChunkSchema
 * lines), not JSON: those are read with their own fetch.
 */
export const llmApi = {
  chat: endpoint({
    method: "POST",
    path: "/api/llm/chat",
    body: chatRequestSchema,
    answer: chatResponseSchema,
  }),
  chatStream: endpoint({
    method: "POST",
    path: "/api/llm/chat/stream",
    body: chatStreamRequestSchema,
    answer: null,
  }),
  complete: endpoint({
    method: "POST",
    path: "/api/llm/complete",
    body: completeRequestSchema,
    answer: completeResponseSchema,
  }),
  providers: endpoint({
    method: "GET",
    path: "/api/llm/providers",
    body: null,
    answer: providersResponseSchema,
  }),
  /** `?refresh=1` bypasses the server's 30 s cache of live checks. */
  providerStatus: endpoint({
    method: "GET",
    path: "/api/llm/providers/:provider/status",
    body: null,
    answer: providerStatusSchema,
  }),
  localModels: endpoint({
    method: "GET",
    path: "/api/llm/local/models",
    body: null,
    answer: localModelsResponseSchema,
  }),
  /** Starts a model's download (202; an admin's). */
  pullModel: endpoint({
    method: "POST",
    path: "/api/llm/local/models/pull",
    body: pullModelRequestSchema,
    answer: z.object({ model: localModelSchema }),
  }),
};
