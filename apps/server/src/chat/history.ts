import {
  type ChatMessage,
  filePassageSchema,
  type McpResourceContent,
  mcpResourceContentSchema,
} from "@neuroos/contracts";
import type { GatewayMessage } from "../llm";
import { describeBinary } from "../mcp/content-text";
import { type AttachedImage, attachmentsOf } from "./attachments";

/** Tool outputs older than the last few are shortened to this many characters. */
const SHORT_OUTPUT = 400;
const KEEP_FULL_TOOL_OUTPUTS = 3;
/** About 4 characters a token: a model whose window is not known gets this many characters. */
export const DEFAULT_CONTEXT_CHARS = 24_000 * 4;
/** However large the window, a turn sends at most this many characters (64k tokens): cost and speed. */
const MAX_CONTEXT_CHARS = 64_000 * 4;

/**
 * How many characters of conversation a model with this window (tokens, null: not known) is
 * sent: its window less a quarter (at most 8k tokens) kept for the answer, at 4 characters a token.
 */
export function contextCharsFor(window: number | null): number {
  if (!window) return DEFAULT_CONTEXT_CHARS;
  const answerRoom = Math.min(8_192, Math.floor(window / 4));
  return Math.min(MAX_CONTEXT_CHARS, (window - answerRoom) * 4);
}

/** The conversation as sent, and how many stored messages were left out to fit the window. */
export interface FittedConversation {
  messages: GatewayMessage[];
  dropped: number;
}

export interface StoredToolCall {
  id: string;
  name: string;
  input: unknown;
}

function parseOutput(content: string): unknown {
  try {
    return JSON.parse(content);
  } catch {
    return content;
  }
}

function shorten(content: string): string {
  if (content.length <= SHORT_OUTPUT) return content;
  return `${content.slice(0, SHORT_OUTPUT)}… [older tool output shortened from ${content.length} characters to keep the conversation within the model's context window]`;
}

/**
 * The stored conversation as the gateway's messages: assistant tool calls and tool results
 * included. Long runs stay within the window: all but the last few tool outputs are shortened,
 * then the oldest turns (never the first user message) are dropped while over `maxChars`.
 */
export function toGatewayMessages(
  messages: ChatMessage[],
  maxChars = DEFAULT_CONTEXT_CHARS,
): GatewayMessage[] {
  return fitConversation(messages, maxChars).messages;
}

/**
 * toGatewayMessages, also telling how many messages did not fit; `images` are the attached
 * images read for this turn (by path), sent with their messages.
 */
export function fitConversation(
  messages: ChatMessage[],
  maxChars = DEFAULT_CONTEXT_CHARS,
  images: ReadonlyMap<string, AttachedImage> = NO_IMAGES,
): FittedConversation {
  // The last few tool outputs are kept whole (found from the newest end).
  const keepFull = new Set<number>();
  for (let i = messages.length - 1; i >= 0 && keepFull.size < KEEP_FULL_TOOL_OUTPUTS; i--)
    if (messages[i]?.role === "tool") keepFull.add(i);
  const convert = (m: ChatMessage, i: number): GatewayMessage => {
    if (m.role === "tool") {
      const content = keepFull.has(i) ? m.content : shorten(m.content);
      // Models without tool calling used a convention in their text: they get the result as a message.
      if (m.metadata.fallback) {
        const tool = String(m.metadata.toolName ?? "run_code");
        const lead =
          tool === "run_code" ? "Output of your code block" : `Result of your ${tool.toUpperCase()} line`;
        return { role: "user", content: `${lead}:\n${content}` };
      }
      return {
        role: "tool",
        toolCallId: String(m.metadata.toolCallId ?? ""),
        toolName: String(m.metadata.toolName ?? ""),
        output: parseOutput(content),
        isError: m.metadata.isError === true,
      };
    }
    if (m.role === "assistant") {
      const toolCalls = (m.metadata.toolCalls as StoredToolCall[] | undefined) ?? [];
      return toolCalls.length > 0
        ? { role: "assistant", content: m.content, toolCalls }
        : { role: "assistant", content: m.content };
    }
    if (m.role === "user") {
      const sent = attachmentsOf(m).flatMap((a) => images.get(a.path) ?? []);
      const content = userContent(m, images);
      return sent.length > 0 ? { role: "user", content, images: sent } : { role: "user", content };
    }
    return { role: m.role, content: m.content };
  };
  // Up to the first user message everything goes; then the newest messages that fit (the newest
  // always), converted from the newest end only as far as they fit: a long chat costs what is sent.
  const firstUser = messages.findIndex((m) => m.role === "user");
  const head = messages.slice(0, firstUser + 1).map(convert);
  let total = head.reduce((n, m) => n + size(m), 0);
  const tail: GatewayMessage[] = [];
  let i = messages.length - 1;
  for (; i > firstUser; i--) {
    const message = convert(messages[i] as ChatMessage, i);
    const bytes = size(message);
    if (total + bytes > maxChars && tail.length > 0) break;
    total += bytes;
    tail.push(message);
  }
  // A tool result goes with the call that asked for it, even past the budget (the providers
  // refuse a result whose call is missing).
  for (; i > firstUser && tail.at(-1)?.role === "tool"; i--)
    tail.push(convert(messages[i] as ChatMessage, i));
  tail.reverse();
  // Tool results whose call was left out go too.
  let orphans = 0;
  while (orphans < tail.length - 1 && tail[orphans]?.role === "tool") orphans++;
  const kept = [...head, ...tail.slice(orphans)];
  return { messages: kept, dropped: messages.length - kept.length };
}

const attribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

/** A resource as the model reads it: its text (or what it is, when binary) marked with its origin. */
function resourceBlock(r: McpResourceContent): string {
  const head = `<resource server="${attribute(r.server)}" uri="${attribute(r.uri)}" name="${attribute(r.name)}"${r.mimeType ? ` type="${attribute(r.mimeType)}"` : ""}>`;
  const body =
    r.text === null
      ? describeBinary(r.uri, r.mimeType, r.bytes)
      : r.binaryParts > 0
        ? `${r.text}\n[and ${r.binaryParts} binary part(s): not readable as text]`
        : r.text;
  return `${head}\n${body}\n</resource>`;
}

/** The resources attached to a message, as the model reads them after the person's words. */
function resourcesPart(resources: unknown): string {
  const parsed = mcpResourceContentSchema.array().safeParse(resources);
  if (!parsed.success || parsed.data.length === 0) return "";
  const blocks = parsed.data.map(resourceBlock).join("\n\n");
  return `\n\nAttached resources (from the person's MCP servers):\n\n${blocks}`;
}

/** The passages "Search my files" found for a message, numbered as the reply cites them. */
function passagesPart(passages: unknown): string {
  const parsed = filePassageSchema.array().safeParse(passages);
  if (!parsed.success) return "";
  if (parsed.data.length === 0)
    return "\n\nThe person asked to search their files for this message: nothing in them matched.";
  const blocks = parsed.data.map((p, i) => `[${i + 1}] ${p.citation}\n${p.text}`).join("\n\n");
  return `\n\nPassages found in the person's files for this message. Answer from them where they help, and cite each one you use by its number in square brackets, as [1]:\n\n${blocks}`;
}

/** The files attached to a message: each text file's text; each image by name (its bytes go apart). */
function attachmentsPart(
  m: Pick<ChatMessage, "metadata">,
  images: ReadonlyMap<string, AttachedImage>,
): string {
  const files = attachmentsOf(m);
  if (files.length === 0) return "";
  const blocks = files.map((a) => {
    const head = `<attachment path="${attribute(a.path)}" name="${attribute(a.name)}" type="${attribute(a.mimeType)}">`;
    const body =
      a.text !== null
        ? `${a.text}${a.cut ? "\n[cut: the file is longer]" : ""}`
        : images.has(a.path)
          ? "[an image: sent with this message]"
          : "[an image: not shown to you (not read for this model, or no longer in the workspace)]";
    return `${head}\n${body}\n</attachment>`;
  });
  return `\n\nAttached files (from the person's workspace):\n\n${blocks.join("\n\n")}`;
}

const NO_IMAGES: ReadonlyMap<string, AttachedImage> = new Map();

/** A user message as the model reads it: the person's words, then what was sent with them. */
export function userContent(
  m: Pick<ChatMessage, "content" | "metadata">,
  images: ReadonlyMap<string, AttachedImage> = NO_IMAGES,
): string {
  return `${m.content}${resourcesPart(m.metadata.resources)}${passagesPart(m.metadata.passages)}${attachmentsPart(m, images)}`;
}

/** A message's size in characters; an image counts as about 1,000 tokens, whatever its bytes. */
const size = (m: GatewayMessage) =>
  m.role === "user" && m.images
    ? JSON.stringify({ ...m, images: undefined }).length + m.images.length * 4_000
    : JSON.stringify(m).length;

/** The number of tokens a conversation takes, estimated at 4 characters a token. */
export const estimateTokens = (messages: GatewayMessage[]): number =>
  Math.ceil(messages.reduce((n, m) => n + size(m), 0) / 4);
