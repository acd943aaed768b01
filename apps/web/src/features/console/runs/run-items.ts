import type { ChatMessage } from "@neuroos/contracts";
import { type AgentState, callKey, storedToolCalls } from "../agent/agent-state";

/** A tool call as a card shows it: its id, tool and input. */
export interface ToolCallInfo {
  /** Where it lives (session, message, call id): what the live state and the rows are keyed by. */
  key: string;
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
  // A tool message answers a call of the assistant message before it (call ids repeat across turns).
  const results = new Map<string, ChatMessage>();
  const resultKeys = new Map<ChatMessage, string>();
  let asker = "";
  for (const message of stored) {
    if (message.role === "assistant") asker = message.id;
    const id = message.metadata.toolCallId;
    if (message.role === "tool" && typeof id === "string") {
      const key = callKey(message.sessionId, asker, id);
      results.set(key, message);
      resultKeys.set(message, key);
    }
  }
  const liveByMessage = new Map<string, ToolCallInfo[]>();
  for (const key of liveIds) {
    const call = agentState.calls[key];
    if (!call) continue;
    const list = liveByMessage.get(call.messageId) ?? [];
    list.push({ key, id: call.toolCallId, name: call.tool, input: call.input });
    liveByMessage.set(call.messageId, list);
  }
  const placed = new Set<string>();
  const list: Item[] = [];
  const pushCall = (call: ToolCallInfo) => {
    if (placed.has(call.key)) return;
    placed.add(call.key);
    list.push({ kind: "tool", key: `tool:${call.key}`, call, stored: results.get(call.key) });
  };
  for (const message of stored) {
    if (message.role === "tool") {
      const id = message.metadata.toolCallId;
      const key = resultKeys.get(message);
      if (key !== undefined && placed.has(key)) continue;
      if (typeof id === "string" && key !== undefined) {
        const name = typeof message.metadata.toolName === "string" ? message.metadata.toolName : "tool";
        pushCall({ key, id, name, input: undefined });
        continue;
      }
    }
    const calls: ToolCallInfo[] =
      message.role === "assistant"
        ? storedToolCalls(message).map((c) => ({ ...c, key: callKey(message.sessionId, message.id, c.id) }))
        : [];
    for (const call of liveByMessage.get(message.id) ?? []) {
      if (!calls.some((c) => c.key === call.key)) calls.push(call);
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
