import type { JSONSchema7 } from "@ai-sdk/provider";
import type { OpenAiMessage, OpenAiTool, OpenAiToolChoice } from "@neuroos/contracts";
import { AppError } from "../http/errors";
import type { GatewayMessage, ToolChoice, ToolDefinition } from "../llm";

const badMessage = (index: number, message: string) =>
  new AppError(400, "validation_failed", `messages.${index}: ${message}`, { [`messages.${index}`]: message });

type TextContent = string | readonly { type: "text"; text: string }[] | null | undefined;
const textOf = (content: TextContent) =>
  typeof content === "string" ? content : (content ?? []).map((part) => part.text).join("");

/** A `data:` URL's image as the gateway sends it; any other address is refused (the server fetches nothing). */
function imageOf(url: string, index: number): { mediaType: string; data: string } {
  const match = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]+)$/i.exec(url);
  if (!match?.[1] || !match[2])
    throw badMessage(index, "an image must be sent as a data: URL (data:image/png;base64,...)");
  return { mediaType: match[1].toLowerCase(), data: match[2].replace(/\s/g, "") };
}

/** A tool call's arguments as the model gave them: JSON text, kept as text when it is not JSON. */
function argumentsOf(text: string): unknown {
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A tool's result: the JSON it holds, or the text itself when it is not JSON. */
function jsonOrText(text: string): unknown {
  try {
    return text.trim() ? JSON.parse(text) : text;
  } catch {
    return text;
  }
}

/**
 * An OpenAI conversation as the gateway takes it: every system (and developer) message joined
 * into one system prompt after the agent's, first (some providers take only one, at the start);
 * a tool message names the call it answers, which an earlier assistant message must have made.
 */
export function gatewayMessages(
  messages: readonly OpenAiMessage[],
  agentSystem: string | null,
): GatewayMessage[] {
  const system: string[] = agentSystem ? [agentSystem] : [];
  const out: GatewayMessage[] = [];
  const calls = new Map<string, string>();
  messages.forEach((message, index) => {
    switch (message.role) {
      case "system":
      case "developer":
        system.push(textOf(message.content));
        return;
      case "user": {
        if (typeof message.content === "string") {
          out.push({ role: "user", content: message.content });
          return;
        }
        const content = message.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");
        const images = message.content.flatMap((part) =>
          part.type === "image_url" ? [imageOf(part.image_url.url, index)] : [],
        );
        out.push({ role: "user", content, ...(images.length ? { images } : {}) });
        return;
      }
      case "assistant": {
        const toolCalls = (message.tool_calls ?? []).map((call) => {
          calls.set(call.id, call.function.name);
          return { id: call.id, name: call.function.name, input: argumentsOf(call.function.arguments) };
        });
        out.push({
          role: "assistant",
          content: textOf(message.content),
          ...(toolCalls.length ? { toolCalls } : {}),
        });
        return;
      }
      case "tool": {
        const toolName = calls.get(message.tool_call_id);
        if (!toolName)
          throw badMessage(
            index,
            `answers the tool call '${message.tool_call_id}', which no earlier assistant message made`,
          );
        out.push({
          role: "tool",
          toolCallId: message.tool_call_id,
          toolName,
          // A result in JSON goes on as that JSON, not as a string of it (which providers would quote).
          output: jsonOrText(textOf(message.content)),
        });
      }
    }
  });
  const prompt = system.filter(Boolean).join("\n\n");
  return prompt ? [{ role: "system", content: prompt }, ...out] : out;
}

/** The request's tools as the gateway takes them (undefined without any). */
export function gatewayTools(
  tools: readonly OpenAiTool[] | undefined,
): Record<string, ToolDefinition> | undefined {
  if (!tools?.length) return undefined;
  const out: Record<string, ToolDefinition> = {};
  tools.forEach(({ function: fn }, index) => {
    if (out[fn.name])
      throw new AppError(400, "validation_failed", `tools.${index}: a second tool named '${fn.name}'`, {
        [`tools.${index}`]: "Tool names must differ",
      });
    out[fn.name] = {
      description: fn.description ?? "",
      inputSchema: (fn.parameters ?? { type: "object", properties: {} }) as JSONSchema7,
    };
  });
  return out;
}

/** OpenAI's tool_choice as the gateway's; a named tool must be one of the request's. */
export function gatewayToolChoice(
  choice: OpenAiToolChoice | undefined,
  tools: Record<string, ToolDefinition> | undefined,
): ToolChoice | undefined {
  if (choice === undefined) return undefined;
  if (!tools)
    throw new AppError(400, "validation_failed", "tool_choice: only with tools", {
      tool_choice: "Only with tools",
    });
  if (typeof choice === "string") return { type: choice };
  if (!tools[choice.function.name])
    throw new AppError(400, "validation_failed", `tool_choice: no tool named '${choice.function.name}'`, {
      tool_choice: "Name one of the request's tools",
    });
  return { type: "tool", toolName: choice.function.name };
}
