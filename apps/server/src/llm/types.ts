import type { JSONSchema7, JSONValue, LanguageModelV3 } from "@ai-sdk/provider";
import type { LlmConfig, LlmUsage, ProviderId } from "@neuroos/contracts";
import type { CallOrigin } from "./call-log";
import type { PreparedCall } from "./service";

/** Where and how one request reaches a provider, after keys and base URLs are resolved. */
export interface Connection {
  baseUrl: string;
  apiKey: string | null;
  /** fetch to use: the SSRF-guarded one for user endpoints, the plain one for trusted ones. */
  fetch: typeof fetch;
}

/** One adapter per provider; nothing outside llm/ knows which one is in use. */
export interface ProviderAdapter {
  id: ProviderId;
  supportsTools: boolean;
  /** Models of a tool-calling provider that have no tool calling (the agent falls back to fenced code). */
  modelsWithoutTools?: RegExp;
  /** A model speaking the provider's wire protocol (through the AI SDK). */
  languageModel(connection: Connection, modelId: string): LanguageModelV3;
  /** Provider-specific call options carrying temperature and max tokens where the adapter needs them. */
  callOptions?(settings: {
    temperature: number;
    maxTokens: number;
  }): Record<string, Record<string, JSONValue>>;
  /** A cheap live check: resolves with a short detail, or throws the provider's error. */
  ping(connection: Connection, signal: AbortSignal, modelId: string): Promise<string>;
}

/** A message of a conversation, including the agent loop's tool calls and results. */
export type GatewayMessage =
  | { role: "system"; content: string }
  | {
      role: "user";
      content: string;
      /** Images sent with it (base64), for models that read images. */
      images?: { mediaType: string; data: string }[];
    }
  | {
      role: "assistant";
      content: string;
      toolCalls?: { id: string; name: string; input: unknown }[];
    }
  | { role: "tool"; toolCallId: string; toolName: string; output: unknown; isError?: boolean };

/** A tool the model may call; the caller (agent loop) runs it and sends the result back. */
export interface ToolDefinition {
  description: string;
  /** JSON Schema of the tool's input object. */
  inputSchema: JSONSchema7;
}

export type LlmTextEvent = { type: "text"; text: string };
export type LlmToolCallEvent = { type: "tool-call"; id: string; name: string; input: unknown };
export type LlmDoneEvent = {
  type: "done";
  provider: ProviderId;
  model: string;
  usage: LlmUsage;
  /** Completion tokens, as the chat feature stores it. */
  tokenCount?: number;
  finishReason: string;
};
export type LlmEvent = LlmTextEvent | LlmToolCallEvent | LlmDoneEvent;

/** Whether the model may, must, or must not call a tool, or must call the one named ('auto' by default). */
export type ToolChoice =
  | { type: "auto" }
  | { type: "none" }
  | { type: "required" }
  | { type: "tool"; toolName: string };

export interface StreamChatInput {
  userId: string;
  messages: GatewayMessage[];
  config?: LlmConfig;
  signal: AbortSignal;
  /** What the call is for (its log says so); `api` when not given. */
  origin?: CallOrigin;
  /** The call as the caller prepared it already (`prepare`): not resolved again. */
  prepared?: PreparedCall;
  /** With `tools`: whether the model may, must or must not call one ('auto' when not given). */
  toolChoice?: ToolChoice;
}
