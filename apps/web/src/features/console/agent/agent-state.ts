import {
  type ChatMessage,
  mcpServerOfTool,
  type ServerFrame,
  sandboxLimitSchema,
  sandboxLimitWords,
} from "@neuroos/contracts";
import { mcpItems, mcpResultText, parseArguments } from "./mcp-tool-views";

/** The most a live tool card keeps of a tool's streamed output (the stored result has it all). */
export const MAX_LIVE_OUTPUT_CHARS = 200_000;

/**
 * Where a tool call lives: its session, the assistant message that made it and the provider's
 * call id (providers repeat ids such as `call_1` across turns and sessions).
 */
export function callKey(sessionId: string, messageId: string, toolCallId: string): string {
  return `${sessionId}\u0000${messageId}\u0000${toolCallId}`;
}

/** A tool call seen live in this page: its input, streamed output and result. */
export interface LiveToolCall {
  sessionId: string;
  messageId: string;
  toolCallId: string;
  tool: string;
  input: unknown;
  output: string;
  result: { ok: boolean; output: unknown } | null;
  /** The safe-mode question asked about this call, when there was one. */
  approvalId: string | null;
}

export type ApprovalReason = "approved" | "denied" | "timeout" | "stopped" | "failed" | string;

/** A safe-mode question: pending, being answered (sent), or settled by the server. */
export interface LiveApproval {
  /** The agent's session; null for an outside MCP client's call (asked through `accessToken`). */
  sessionId: string | null;
  /** The access token whose call it is, for a call through /mcp. */
  accessToken: { id: string; name: string } | null;
  approvalId: string;
  tool: string;
  input: unknown;
  expiresAt: string;
  status: "pending" | "sending" | "settled";
  approved: boolean | null;
  reason: ApprovalReason | null;
  /** The input as this browser sent it with Approve (the person's edits). */
  sentInput: Record<string, unknown> | null;
  /** The agent's tool call it asks about (its callKey); null for an access token's. */
  callKey: string | null;
}

export interface AgentRunStatus {
  state: "running" | "done" | "stopped" | "error";
  detail: string;
}

export interface AgentState {
  /** By callKey. */
  calls: Readonly<Record<string, LiveToolCall>>;
  /** Call keys per session, in the order they came; a new array only when one is added. */
  callIds: Readonly<Record<string, readonly string[]>>;
  approvals: Readonly<Record<string, LiveApproval>>;
  status: Readonly<Record<string, AgentRunStatus>>;
}

export const initialAgentState: AgentState = {
  calls: {},
  callIds: {},
  approvals: {},
  status: {},
};

export type AgentAction =
  | { type: "frame"; frame: ServerFrame }
  | { type: "approval_sending"; approvalId: string; approved: boolean; input: Record<string, unknown> | null }
  | { type: "approval_send_failed"; approvalId: string };

const EMPTY: readonly string[] = [];

type CallFrame = Pick<
  Extract<ServerFrame, { type: "tool_call" }>,
  "sessionId" | "messageId" | "toolCallId" | "tool" | "input"
>;

const keyOf = (frame: { sessionId: string; messageId: string; toolCallId: string }) =>
  callKey(frame.sessionId, frame.messageId, frame.toolCallId);

const newCall = (frame: CallFrame): LiveToolCall => ({
  sessionId: frame.sessionId,
  messageId: frame.messageId,
  toolCallId: frame.toolCallId,
  tool: frame.tool,
  input: frame.input,
  output: "",
  result: null,
  approvalId: null,
});

/** The state with a new call, listed last in its session. */
function withCall(state: AgentState, call: LiveToolCall): AgentState {
  return {
    ...state,
    calls: { ...state.calls, [keyOf(call)]: call },
    callIds: {
      ...state.callIds,
      [call.sessionId]: [...(state.callIds[call.sessionId] ?? EMPTY), keyOf(call)],
    },
  };
}

function reduceFrame(state: AgentState, frame: ServerFrame): AgentState {
  switch (frame.type) {
    case "tool_call": {
      return state.calls[keyOf(frame)] ? state : withCall(state, newCall(frame));
    }
    case "tool_output": {
      const key = keyOf(frame);
      const call = state.calls[key];
      if (!call) return state;
      const output = (call.output + frame.data).slice(-MAX_LIVE_OUTPUT_CHARS);
      return { ...state, calls: { ...state.calls, [key]: { ...call, output } } };
    }
    case "tool_result": {
      const key = keyOf(frame);
      const call = state.calls[key];
      if (!call) return state;
      const result = { ok: frame.ok, output: frame.output };
      return { ...state, calls: { ...state.calls, [key]: { ...call, result } } };
    }
    case "approval_request": {
      if (state.approvals[frame.approvalId]) return state;
      const { sessionId, messageId, toolCallId } = frame;
      const question = {
        approvalId: frame.approvalId,
        tool: frame.tool,
        input: frame.input,
        expiresAt: frame.expiresAt,
        status: "pending",
        approved: null,
        reason: null,
        sentInput: null,
      } as const;
      if (sessionId === undefined || messageId === undefined || toolCallId === undefined) {
        // An outside MCP client's call through an access token: no session, no live call.
        const approval: LiveApproval = {
          ...question,
          sessionId: null,
          accessToken: frame.accessToken ?? null,
          callKey: null,
        };
        return { ...state, approvals: { ...state.approvals, [frame.approvalId]: approval } };
      }
      const agentFrame = { ...frame, sessionId, messageId, toolCallId };
      // A question asked before this page loaded (sent again on connect) has no live call yet.
      const key = keyOf(agentFrame);
      const base = state.calls[key] !== undefined ? state : withCall(state, newCall(agentFrame));
      const call = base.calls[key] as LiveToolCall;
      const approval: LiveApproval = { ...question, sessionId, accessToken: null, callKey: key };
      return {
        ...base,
        approvals: { ...base.approvals, [frame.approvalId]: approval },
        calls: { ...base.calls, [key]: { ...call, approvalId: frame.approvalId } },
      };
    }
    case "approval_settled": {
      const approval = state.approvals[frame.approvalId];
      if (!approval) return state;
      return {
        ...state,
        approvals: {
          ...state.approvals,
          [frame.approvalId]: {
            ...approval,
            status: "settled",
            approved: frame.approved,
            reason: frame.reason,
            // Another browser may have answered: what this one sent counts only when approved.
            sentInput: frame.approved ? approval.sentInput : null,
          },
        },
      };
    }
    case "agent_status": {
      const current = state.status[frame.sessionId];
      if (current && current.state === frame.state && current.detail === frame.detail) return state;
      return {
        ...state,
        status: { ...state.status, [frame.sessionId]: { state: frame.state, detail: frame.detail } },
      };
    }
    default:
      return state;
  }
}

export function agentReducer(state: AgentState, action: AgentAction): AgentState {
  if (action.type === "frame") return reduceFrame(state, action.frame);
  const approval = state.approvals[action.approvalId];
  if (!approval || approval.status === "settled") return state;
  const next: LiveApproval =
    action.type === "approval_sending"
      ? { ...approval, status: "sending", sentInput: action.approved ? action.input : null }
      : { ...approval, status: "pending", sentInput: null };
  return { ...state, approvals: { ...state.approvals, [action.approvalId]: next } };
}

/** How a tool's input is shown and which field of it the person may edit before approving. */
export interface ToolInputView {
  /**
   * The editable text field: the code, the command, the file's content, the fact to remember,
   * what to forget or (MCP tools) the arguments as JSON.
   */
  field: "code" | "command" | "content" | "fact" | "about" | "arguments" | null;
  text: string;
  /** The highlighter's language for `text`. */
  language: string | undefined;
  /** A one-line summary: the language, a path or a query. */
  summary: string;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asText = (value: unknown): string => (typeof value === "string" ? value : "");

const EXTENSION_LANGUAGES: Record<string, string> = {
  py: "python",
  js: "javascript",
  mjs: "javascript",
  ts: "typescript",
  sh: "bash",
  json: "json",
  md: "markdown",
  yml: "yaml",
  yaml: "yaml",
  css: "css",
  html: "xml",
  sql: "sql",
};

export function toolInputView(tool: string, input: unknown): ToolInputView {
  const data = asRecord(input);
  switch (tool) {
    case "run_code": {
      const language = asText(data.language) || undefined;
      return { field: "code", text: asText(data.code), language, summary: language ?? "" };
    }
    case "run_shell":
      return { field: "command", text: asText(data.command), language: "bash", summary: "shell" };
    case "write_file": {
      const path = asText(data.path);
      const extension = path.split(".").pop()?.toLowerCase() ?? "";
      return {
        field: "content",
        text: asText(data.content),
        language: EXTENSION_LANGUAGES[extension],
        summary: path,
      };
    }
    case "read_file":
    case "list_files":
      return { field: null, text: "", language: undefined, summary: asText(data.path) };
    case "search_files":
    case "recall":
      return { field: null, text: "", language: undefined, summary: asText(data.query) };
    case "remember":
      return { field: "fact", text: asText(data.fact), language: undefined, summary: "memory" };
    case "forget":
      return { field: "about", text: asText(data.about), language: undefined, summary: "memory" };
    default: {
      const server = mcpServerOfTool(tool);
      if (server)
        return {
          field: "arguments",
          text: JSON.stringify(input ?? {}, null, 2),
          language: "json",
          summary: `MCP server ${server}`,
        };
      const json = input === undefined ? "" : JSON.stringify(input, null, 2);
      return { field: null, text: json, language: "json", summary: "" };
    }
  }
}

/** The tool's input with the person's edit of its editable field. */
export function editedInput(tool: string, input: unknown, text: string): Record<string, unknown> {
  const view = toolInputView(tool, input);
  const data = asRecord(input);
  if (view.field === "arguments") {
    const edited = parseArguments(text);
    return edited.ok ? edited.value : data;
  }
  return view.field ? { ...data, [view.field]: text } : data;
}

/** A stored tool message's result: its JSON output (the text as is when it is not JSON). */
export function storedResult(message: ChatMessage): { ok: boolean; output: unknown } {
  let output: unknown = message.content;
  try {
    output = JSON.parse(message.content);
  } catch {
    // Cut at the storage limit, or plain text: shown as it is.
  }
  return { ok: message.metadata.isError !== true, output };
}

/** How a result is shown: its printed text and a summary line. */
export function resultView(result: { ok: boolean; output: unknown }): { text: string; summary: string } {
  const { ok, output } = result;
  if (typeof output === "string") return { text: output, summary: ok ? "Succeeded" : "Failed" };
  const data = asRecord(output);
  if (typeof data.error === "string")
    return { text: "", summary: data.stopped === true ? data.error : `Failed: ${data.error}` };
  const items = mcpItems(output);
  if (items) return { text: mcpResultText(output, items), summary: ok ? "Succeeded" : "Failed" };
  if ("stdout" in data || "stderr" in data) {
    const text = [asText(data.stdout), asText(data.stderr)].filter(Boolean).join("\n").replace(/\n+$/, "");
    const parts = [ok ? "Succeeded" : "Failed"];
    if (typeof data.exitCode === "number") parts.push(`exit code ${data.exitCode}`);
    const limit = sandboxLimitSchema.safeParse(data.limit);
    if (limit.success) parts.push(`stopped: ${sandboxLimitWords[limit.data]}`);
    if (typeof data.durationMs === "number") parts.push(`${Math.round(data.durationMs)} ms`);
    return { text, summary: parts.join(" · ") };
  }
  return {
    text: output === undefined || output === null ? "" : JSON.stringify(output, null, 2),
    summary: ok ? "Succeeded" : "Failed",
  };
}

/** The tool calls an assistant message made (stored in its metadata by the agent loop). */
export function storedToolCalls(message: ChatMessage): { id: string; name: string; input: unknown }[] {
  const calls = message.metadata.toolCalls;
  if (!Array.isArray(calls)) return [];
  const result: { id: string; name: string; input: unknown }[] = [];
  for (const call of calls) {
    const c = asRecord(call);
    if (typeof c.id === "string" && typeof c.name === "string")
      result.push({ id: c.id, name: c.name, input: c.input });
  }
  return result;
}

/** Words for an approval's outcome. */
export function approvalOutcome(approval: Pick<LiveApproval, "approved" | "reason">): string {
  if (approval.approved) return "Approved";
  if (approval.reason === "timeout") return "Timed out (counted as denied)";
  if (approval.reason === "stopped") return "Cancelled: the run was stopped";
  if (approval.reason === "failed") return "Not answered: the server asking stopped";
  return "Denied";
}

/** A stored tool result's safe-mode answer (metadata.approval), or null when none was asked. */
export function approvalOf(
  value: unknown,
): { approved: boolean; reason: string | null; edited: boolean } | null {
  const data = asRecord(value);
  if (typeof data.approved !== "boolean") return null;
  return {
    approved: data.approved,
    reason: typeof data.reason === "string" ? data.reason : null,
    edited: data.edited === true,
  };
}

/** "m:ss" left until `expiresAt` (0:00 once past). */
export function countdown(expiresAt: string, now: number): string {
  const left = Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
  const minutes = Math.floor(left / 60);
  return `${minutes}:${String(left % 60).padStart(2, "0")}`;
}

/** Words for an agent run's state (agent_status frame). */
export function agentStatusText(status: AgentRunStatus): string {
  switch (status.state) {
    case "running":
      return status.detail || "The agent is working";
    case "done":
      return "Agent run finished";
    case "stopped":
      return status.detail && status.detail !== "Stopped"
        ? `Agent run stopped: ${status.detail}`
        : "Agent run stopped";
    default:
      return `Agent run failed${status.detail ? `: ${status.detail}` : ""}`;
  }
}
