import type { ChatMessage, StoredPreferences } from "@neuroos/contracts";
import { MEMORY_TOOLS, type ToolRegistry } from "../agent/tools";
import type { AgentTool } from "../agent/tools/types";
import { memoryPrompt } from "../memory/relevance";
import type { MemoryService } from "../memory/service";

export interface SessionMemory {
  /** A paragraph for the system prompt: the remembered facts that fit this session. */
  prompt: string;
  /** remember and forget, when cross-session memory is on. */
  tools: AgentTool[];
  /** The part of the stored conversation the model gets. */
  visible(history: ChatMessage[]): ChatMessage[];
}

/**
 * The person's memory settings applied to a turn. Conversation memory off: the model gets
 * only the new message (and this turn's own replies and tool results), not the history.
 * Cross-session memory on: the remembered facts relevant to the session's first message
 * (memory/relevance.ts states the rule) and the tools to add and forget them; off: neither.
 */
export async function sessionMemory(
  deps: { tools: ToolRegistry; memories: MemoryService },
  userId: string,
  history: ChatMessage[],
  settings: StoredPreferences["memory"],
): Promise<SessionMemory> {
  const visible = settings.conversation ? (all: ChatMessage[]) => all : fromLastUserMessage;
  if (!settings.crossSession) return { prompt: "", tools: [], visible };
  const first = history.find((m) => m.role === "user")?.content ?? "";
  const remembered = await deps.memories.relevant(userId, first);
  const tools = MEMORY_TOOLS.flatMap((name) => deps.tools.get(name) ?? []);
  return { prompt: memoryPrompt(remembered), tools, visible };
}

function fromLastUserMessage(history: ChatMessage[]): ChatMessage[] {
  const start = history.findLastIndex((m) => m.role === "user");
  return start < 0 ? history : history.slice(start);
}
