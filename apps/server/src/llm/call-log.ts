import type { LlmUsage } from "@neuroos/contracts";

/** What a model call was for: the feature that made it, and its chat session when it has one. */
export interface CallOrigin {
  feature: "chat" | "agent" | "api" | "complete" | "action" | (string & {});
  sessionId?: string | null;
}

/** One model call as the gateway saw it, recorded once (an `llm_interaction` execution log). */
export interface ModelCallRecord {
  userId: string;
  origin: CallOrigin;
  provider: string;
  model: string;
  /** The last user message, shortened. */
  prompt: string;
  /** The answer's start, or the error's message. */
  result: string;
  status: "success" | "error" | "cancelled";
  durationMs: number;
  usage: LlmUsage;
  finishReason: string | null;
  toolCalls: number;
  errorCode?: string;
}

export type RecordModelCall = (record: ModelCallRecord) => Promise<void>;

export const RECORDED_TEXT_CHARS = 500;

/** Follows one call: the answer's first characters, the tool calls, and how it ended. */
export class CallTrace {
  private readonly started = Date.now();
  text = "";
  toolCalls = 0;
  usage: LlmUsage = { promptTokens: null, completionTokens: null, totalTokens: null };
  finishReason: string | null = null;
  /** Whether the record was made (a call is recorded once). */
  recorded = false;

  constructor(
    private readonly base: Pick<ModelCallRecord, "userId" | "origin" | "provider" | "model" | "prompt">,
  ) {}

  addText(delta: string): void {
    if (this.text.length < RECORDED_TEXT_CHARS)
      this.text += delta.slice(0, RECORDED_TEXT_CHARS - this.text.length);
  }

  record(status: ModelCallRecord["status"], error?: { message: string; code: string }): ModelCallRecord {
    this.recorded = true;
    return {
      ...this.base,
      result: error ? error.message.slice(0, RECORDED_TEXT_CHARS) : this.text,
      status,
      durationMs: Date.now() - this.started,
      usage: this.usage,
      finishReason: this.finishReason,
      toolCalls: this.toolCalls,
      ...(error ? { errorCode: error.code } : {}),
    };
  }
}

/** The prompt a call is logged under: its last user message, shortened. */
export function promptOf(messages: readonly { role: string; content?: unknown }[]): string {
  const last = [...messages].reverse().find((m) => m.role === "user");
  return typeof last?.content === "string" ? last.content.slice(0, RECORDED_TEXT_CHARS) : "";
}
