import { z } from "zod";
import type { ChatSession } from "./chat";
import type { ExecutionLog } from "./logs";

/** Frames the browser sends on the live channel `/ws`. Each is validated before use. */
const id = z.string().min(1).max(100);
/** Chosen by the browser for a run it asks for; the server echoes it on the run's frames. */
const requestId = id.optional();

export const executionLanguageSchema = z.enum(["python", "javascript", "typescript", "bash", "sh"]);
export type ExecutionLanguage = z.infer<typeof executionLanguageSchema>;

export const clientFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("system_info") }),
  z.object({
    type: z.literal("chat_message"),
    sessionId: id,
    content: z.string().trim().min(1).max(100_000),
  }),
  z.object({ type: z.literal("chat_stop"), sessionId: id }),
  z.object({
    type: z.literal("code_execution"),
    sessionId: id,
    code: z.string().min(1).max(200_000),
    language: executionLanguageSchema,
    requestId,
  }),
  z.object({
    type: z.literal("terminal_command"),
    sessionId: id,
    command: z.string().trim().min(1).max(10_000),
    requestId,
  }),
  z.object({ type: z.literal("execution_cancel"), executionId: id }),
  z.object({
    type: z.literal("approval_response"),
    approvalId: id,
    approved: z.boolean(),
    /** The tool input as the person edited it (e.g. the code), replacing the model's. */
    input: z.record(z.string(), z.unknown()).optional(),
  }),
  z.object({
    type: z.literal("file_operation"),
    operation: z.enum(["list", "read"]),
    path: z.string().min(1).max(4096),
  }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;
export type ClientFrameType = ClientFrame["type"];

export const liveErrorCodes = [
  "invalid_frame",
  "unknown_frame",
  "not_found",
  "unavailable",
  "internal_error",
] as const;

/** Frames the server sends. `error` answers a frame that could not be handled; the socket stays up. */
export type ServerFrame =
  /** requestId: the refused frame's, when it carried one. */
  | { type: "error"; code: string; message: string; requestId?: string }
  | { type: "chat_token"; sessionId: string; messageId: string; content: string }
  | { type: "chat_message"; sessionId: string; message: unknown }
  | { type: "execution_start"; sessionId: string; executionId: string; requestId?: string }
  | {
      type: "execution_output";
      sessionId: string;
      executionId: string;
      stream: "stdout" | "stderr";
      data: string;
    }
  | {
      type: "execution_result";
      sessionId: string;
      executionId: string;
      result: { output: string; success: boolean; exitCode: number | null; durationMs: number };
    }
  | { type: "execution_error"; sessionId: string; executionId: string; error: string }
  | { type: "system_info"; terminalInfo: Record<string, unknown>; modules: unknown[] }
  | { type: "file_operation_result"; operation: string; path: string; result: unknown }
  /** An action written to the execution log (code run, command, file operation, model call). */
  | { type: "activity"; entry: ExecutionLog }
  | { type: "session_updated"; session: ChatSession }
  | { type: "session_deleted"; sessionId: string }
  | {
      type: "approval_request";
      sessionId: string;
      /** The assistant message and tool call the question is about. */
      messageId: string;
      toolCallId: string;
      approvalId: string;
      tool: string;
      input: unknown;
      expiresAt: string;
    }
  | { type: "approval_settled"; sessionId: string; approvalId: string; approved: boolean; reason: string }
  | {
      type: "tool_call";
      sessionId: string;
      messageId: string;
      toolCallId: string;
      tool: string;
      input: unknown;
    }
  | {
      type: "tool_output";
      sessionId: string;
      /** The assistant message that made the call: ids repeat across turns and sessions. */
      messageId: string;
      toolCallId: string;
      stream: "stdout" | "stderr";
      data: string;
    }
  | {
      type: "tool_result";
      sessionId: string;
      messageId: string;
      toolCallId: string;
      tool: string;
      ok: boolean;
      output: unknown;
    }
  | {
      type: "agent_status";
      sessionId: string;
      state: "running" | "done" | "stopped" | "error";
      detail: string;
    };

/** The browser client's reconnect policy (product spec: 5 attempts, 3 s apart). */
export const RECONNECT_ATTEMPTS = 5;
export const RECONNECT_DELAY_MS = 3000;
