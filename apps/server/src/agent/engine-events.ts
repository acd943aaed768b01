import type { ApprovalSubject } from "./approvals";
import type { ToolCall, ToolCallOutcome } from "./tool-call";

export type TurnEnd = "done" | "stopped" | "step_limit" | "error";

/** One model reply, complete (or cut by an error or Stop). */
export interface EngineReply {
  messageId: string;
  text: string;
  toolCalls: ToolCall[];
  /** model, provider, tokenCount, stopped, error: stored with the reply. */
  meta: Record<string, unknown>;
  error?: string;
  /** The provider ended the reply early: at the token limit (what was cut is lost). */
  cutShort?: "token_limit";
  executionTime: number;
  /** The last message the model was given (for the interaction log). */
  prompt: string;
}

/**
 * What the engine yields, in order. A consumer handles each event before it asks for the next;
 * the engine goes on only then (so a reply or tool result is stored before the next step).
 */
export type EngineEvent =
  | { type: "text"; messageId: string; text: string }
  | ({ type: "reply" } & EngineReply)
  | { type: "tool_call"; messageId: string; call: ToolCall }
  | ({ type: "approval_needed" } & ApprovalSubject)
  /** Told to the person and, in the conversation, to the model (after the step's tool results). */
  | { type: "notice"; messageId: string; reason: "token_limit"; text: string }
  | { type: "tool_output"; messageId: string; call: ToolCall; stream: "stdout" | "stderr"; data: string }
  | { type: "tool_result"; messageId: string; call: ToolCall; outcome: ToolCallOutcome; fallback: boolean }
  /** The last event. `error` is set when the failure was not already told in a reply. */
  | { type: "end"; reason: TurnEnd; maxSteps: number; error?: string };
