import type {
  JSONValue,
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3FunctionTool,
  LanguageModelV3Prompt,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import type { LlmUsage } from "@neuroos/contracts";
import type { GatewayMessage, ToolChoice, ToolDefinition } from "./types";

/**
 * The gateway talks to the provider packages through the AI SDK's model interface
 * (LanguageModelV3 doStream/doGenerate) directly: the same wire-protocol code as streamText,
 * without its per-chunk pipeline, which the streaming budget (under 1 ms per chunk) needs.
 */
export function toPrompt(messages: GatewayMessage[]): LanguageModelV3Prompt {
  return messages.map((m) => {
    if (m.role === "system") return { role: "system", content: m.content };
    if (m.role === "tool") {
      const value = (m.output ?? null) as JSONValue;
      return {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: m.toolCallId,
            toolName: m.toolName,
            output: m.isError ? { type: "error-json", value } : { type: "json", value },
          },
        ],
      };
    }
    if (m.role === "user")
      return {
        role: "user",
        content: [
          { type: "text", text: m.content },
          ...(m.images ?? []).map((image) => ({
            type: "file" as const,
            mediaType: image.mediaType,
            data: image.data,
          })),
        ],
      };
    return {
      role: "assistant",
      content: [
        ...(m.content ? [{ type: "text" as const, text: m.content }] : []),
        ...(m.toolCalls ?? []).map((c) => ({
          type: "tool-call" as const,
          toolCallId: c.id,
          toolName: c.name,
          input: c.input,
        })),
      ],
    };
  });
}

export function toTools(
  tools: Record<string, ToolDefinition> | undefined,
): LanguageModelV3FunctionTool[] | undefined {
  if (!tools) return undefined;
  return Object.entries(tools).map(([name, def]) => ({
    type: "function",
    name,
    description: def.description,
    inputSchema: def.inputSchema,
  }));
}

export function toUsage(u: LanguageModelV3Usage | undefined): LlmUsage {
  const promptTokens = u?.inputTokens.total ?? null;
  const completionTokens = u?.outputTokens.total ?? null;
  return {
    promptTokens,
    completionTokens,
    totalTokens: promptTokens !== null && completionTokens !== null ? promptTokens + completionTokens : null,
  };
}

/** A tool call's arguments arrive as JSON text; a model that sends broken JSON gets it as text. */
export function parseToolInput(input: string): unknown {
  if (!input.trim()) return {};
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}

export interface CallSettings {
  messages: GatewayMessage[];
  temperature: number;
  maxTokens: number;
  tools?: Record<string, ToolDefinition>;
  toolChoice?: ToolChoice;
  providerOptions?: LanguageModelV3CallOptions["providerOptions"];
  abortSignal: AbortSignal;
}

export function callOptions(settings: CallSettings): LanguageModelV3CallOptions {
  const tools = toTools(settings.tools);
  return {
    prompt: toPrompt(settings.messages),
    temperature: settings.temperature,
    maxOutputTokens: settings.maxTokens,
    abortSignal: settings.abortSignal,
    ...(tools ? { tools, toolChoice: settings.toolChoice ?? { type: "auto" } } : {}),
    ...(settings.providerOptions ? { providerOptions: settings.providerOptions } : {}),
  };
}

/** One whole answer: its text, tool calls, usage and finish reason. */
export async function generate(model: LanguageModelV3, settings: CallSettings) {
  const result = await model.doGenerate(callOptions(settings));
  let text = "";
  const toolCalls: { id: string; name: string; input: unknown }[] = [];
  for (const part of result.content) {
    if (part.type === "text") text += part.text;
    else if (part.type === "tool-call") {
      toolCalls.push({ id: part.toolCallId, name: part.toolName, input: parseToolInput(part.input) });
    }
  }
  return { text, toolCalls, usage: toUsage(result.usage), finishReason: result.finishReason.unified };
}
