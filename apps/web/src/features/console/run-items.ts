import type { ChatMessage } from "@neuroos/contracts";
import { type AgentState, storedToolCalls } from "./agent-state";

/** A tool call as a card shows it: its id, tool and input. */
export interface ToolCallInfo {
  id: string;
  name: string;
  input: unknown;
}

export type Item =
  | { kind: "message"; key: string; message: ChatMessage; streaming: boolean }
  | { kind: "tool"; key: string; call: ToolCallInfo; stored: ChatMessage | undefined }
  | { kind: "status"; key: string }
  | { kind: "thinking"; key: string };

export const NONE: readonly string[] = [];

/** An assistant message that only calls tools: its cards say it all, no empty bubble. */
function onlyCallsTools(message: ChatMessage, calls: number): boolean {
  const { error, stopped } = message.metadata;
  return message.role === "assistant" && calls > 0 && !message.content.trim() && !error && !stopped;
}

/**
 * The rows: each message, each tool call as a card after the assistant message that made it
 * (with its stored result, or the live one), then streaming replies, the agent run's state and
 * the thinking dots.
 */
export function buildItems(
  stored: readonly ChatMessage[],
  agentState: AgentState,
  liveIds: readonly string[],
  drafts: Item[],
): Item[] {
  const results = new Map<string, ChatMessage>();
  for (const message of stored) {
    const id = message.metadata.toolCallId;
    if (message.role === "tool" && typeof id === "string") results.set(id, message);
  }
  const liveByMessage = new Map<string, ToolCallInfo[]>();
  for (const id of liveIds) {
    const call = agentState.calls[id];
    if (!call) continue;
    const list = liveByMessage.get(call.messageId) ?? [];
    list.push({ id: call.toolCallId, name: call.tool, input: call.input });
    liveByMessage.set(call.messageId, list);
  }
  const placed = new Set<string>();
  const list: Item[] = [];
  const pushCall = (call: ToolCallInfo) => {
    if (placed.has(call.id)) return;
    placed.add(call.id);
    list.push({ kind: "tool", key: `tool:${call.id}`, call, stored: results.get(call.id) });
  };
  for (const message of stored) {
    if (message.role === "tool") {
      const id = message.metadata.toolCallId;
      if (typeof id === "string" && placed.has(id)) continue;
      if (typeof id === "string") {
        const name = typeof message.metadata.toolName === "string" ? message.metadata.toolName : "tool";
        pushCall({ id, name, input: undefined });
        continue;
      }
    }
    const calls = message.role === "assistant" ? storedToolCalls(message) : [];
    for (const call of liveByMessage.get(message.id) ?? []) {
      if (!calls.some((c) => c.id === call.id)) calls.push(call);
    }
    if (!onlyCallsTools(message, calls.length)) {
      list.push({ kind: "message", key: message.id, message, streaming: false });
    }
    for (const call of calls) pushCall(call);
  }
  list.push(...drafts);
  // Calls whose message is not stored yet (it is stored before its calls run, so rarely).
  for (const calls of liveByMessage.values()) for (const call of calls) pushCall(call);
  return list;
}
