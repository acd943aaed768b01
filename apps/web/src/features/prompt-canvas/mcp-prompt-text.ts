import type { McpPromptResult } from "@neuroos/contracts";

/** The canvas holds a prompt of at most this many characters. */
export const CANVAS_MAX_CHARS = 20_000;

/**
 * An MCP prompt's messages as the canvas's one prompt: the text of the person's messages one after
 * the other; with the assistant's among them, each message under its speaker's name.
 */
export function promptText(messages: McpPromptResult["messages"]): string {
  const texts = messages.map((m) => m.text.trim()).filter(Boolean);
  if (messages.every((m) => m.role === "user")) return texts.join("\n\n");
  return messages
    .filter((m) => m.text.trim())
    .map((m) => `${m.role === "user" ? "User" : "Assistant"}:\n${m.text.trim()}`)
    .join("\n\n");
}
