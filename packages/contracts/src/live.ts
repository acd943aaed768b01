import { z } from "zod";
import { ATTACHMENTS_PER_MESSAGE, chatMessageSchema, chatSessionSchema } from "./chat";
import { fileContentSchema, fileListingSchema } from "./files";
import { providerIdSchema } from "./llm";
import { executionLogSchema } from "./logs";
import { MCP_RESOURCES_PER_MESSAGE } from "./mcp";
import { systemModuleSchema } from "./modules";
import { messageOutputSchema } from "./outputs";

/** Frames the browser sends on the live channel `/ws`. Each is validated before use. */
const id = z.string().min(1).max(100);
/** Chosen by the browser for a run it asks for; the server echoes it on the run's frames. */
const requestId = id.optional();
/** The message a run belongs to (a reply's code block, or the last message for an Execute): its output is kept with it. */
const fromMessage = {
  messageId: z.string().uuid().optional(),
  /** The code block of the message that ran (its index among the message's fenced blocks). */
  block: z.number().int().min(0).max(10_000).optional(),
};

export const executionLanguageSchema = z.enum(["python", "javascript", "typescript", "bash", "sh"]);
export type ExecutionLanguage = z.infer<typeof executionLanguageSchema>;

export const clientFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("system_info") }),
  /** The Analytics monitor is open: send the samples so far, then each new one (renewed every 30 s). */
  z.object({ type: z.literal("metrics_watch") }),
  z.object({
    type: z.literal("chat_message"),
    sessionId: id,
    content: z.string().trim().min(1).max(100_000),
    /** Resources of the person's MCP servers to read and send with the message. */
    resources: z
      .array(z.object({ serverId: id, uri: z.string().min(1).max(2000) }))
      .max(MCP_RESOURCES_PER_MESSAGE, `At most ${MCP_RESOURCES_PER_MESSAGE} resources per message`)
      .optional(),
    /** Search the person's files for the message and send the passages found with it. */
    searchFiles: z.boolean().optional(),
    /** Workspace files sent with the message (uploads go to the workspace first): text, or images. */
    attachments: z
      .array(z.string().min(1).max(4096))
      .max(ATTACHMENTS_PER_MESSAGE, `At most ${ATTACHMENTS_PER_MESSAGE} files per message`)
      .optional(),
    /**
     * A new version of this user message of the session (an edit sent again): stored beside it
     * (same parent), the old branch kept; the turn answers the new one.
     */
    editOf: id.optional(),
    /** Echoed on an error frame when the message is refused. */
    requestId,
  }),
  /**
   * Answer again the user message a reply (assistant, tool or system message of a turn) answered,
   * optionally with another provider and model for this turn only: the new reply is a new version
   * beside the old one.
   */
  z.object({
    type: z.literal("chat_regenerate"),
    sessionId: id,
    messageId: id,
    provider: providerIdSchema.optional(),
    model: z.string().trim().min(1).max(200).optional(),
    requestId,
  }),
  z.object({ type: z.literal("chat_stop"), sessionId: id }),
  z.object({
    type: z.literal("code_execution"),
    sessionId: id,
    code: z.string().min(1).max(200_000),
    language: executionLanguageSchema,
    requestId,
    ...fromMessage,
  }),
  z.object({
    type: z.literal("terminal_command"),
    sessionId: id,
    command: z.string().trim().min(1).max(10_000),
    requestId,
    ...fromMessage,
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

const json = z.json();
export type JsonValue = z.infer<typeof json>;

/** A value as it travels in a frame: JSON (tool inputs and outputs are JSON by construction). */
export function asJson(value: unknown): JsonValue {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}
const stream = z.enum(["stdout", "stderr"]);
/** A run belongs to a chat session, or (run outside one) to an app's screen, e.g. `sandbox`. */
const runOwner = { sessionId: id.optional(), app: id.optional() };
const oneOwner = (frame: { sessionId?: string; app?: string }) =>
  (frame.sessionId === undefined) !== (frame.app === undefined);
const ownerMessage = { message: "A run frame names its session or its app, not both" };

/** What the server reports about itself in system_info (measured; null when unknown). */
export const terminalInfoSchema = z.object({
  version: z.string().nullable(),
  nodeVersion: z.string().nullable(),
  pythonVersion: z.string().nullable(),
  platform: z.string().nullable(),
  uptime: z.number().nullable(),
  cpus: z.number().nullable(),
  totalMemory: z.number().nullable(),
});
export type TerminalInfo = z.infer<typeof terminalInfoSchema>;

/** One sample of the server's measurements (counts are per sample interval; no content). */
export const metricsSampleSchema = z.object({
  at: z.number(),
  /** Machine CPU use, percent of all cores. */
  cpu: z.number(),
  memoryUsed: z.number(),
  memoryTotal: z.number(),
  /** Live channel connections now. */
  connections: z.number(),
  /** HTTP requests answered in the interval. */
  requests: z.number(),
  /** Sandbox jobs running now. */
  sandboxJobs: z.number(),
  /** Model calls and tokens in the interval, per provider. */
  modelCalls: z.record(z.string(), z.number()),
  tokens: z.record(z.string(), z.number()),
});
export type MetricsSample = z.infer<typeof metricsSampleSchema>;

/**
 * Frames the server sends, validated by the browser before use. Each names what it belongs to
 * (see `frameScope`): a chat session (`sessionId`), an app's screen (`app`), or the user.
 * `error` answers a frame that could not be handled; the socket stays up.
 */
export const serverFrameSchema = z.discriminatedUnion("type", [
  /** requestId: the refused frame's, when it carried one. */
  z.object({ type: z.literal("error"), code: z.string(), message: z.string(), requestId: id.optional() }),
  /** `at`: where the text starts in the reply (its characters before it), to merge with a snapshot. */
  z.object({
    type: z.literal("chat_token"),
    sessionId: id,
    messageId: id,
    content: z.string(),
    at: z.number().int().nonnegative().optional(),
  }),
  z.object({ type: z.literal("chat_message"), sessionId: id, message: chatMessageSchema }),
  /** A run from a message ended and its output was stored with it. */
  z.object({ type: z.literal("message_output"), sessionId: id, output: messageOutputSchema }),
  z
    .object({ type: z.literal("execution_start"), ...runOwner, executionId: id, requestId: id.optional() })
    .refine(oneOwner, ownerMessage),
  z
    .object({ type: z.literal("execution_output"), ...runOwner, executionId: id, stream, data: z.string() })
    .refine(oneOwner, ownerMessage),
  z
    .object({
      type: z.literal("execution_result"),
      ...runOwner,
      executionId: id,
      result: z.object({
        output: z.string(),
        success: z.boolean(),
        exitCode: z.number().nullable(),
        durationMs: z.number(),
      }),
    })
    .refine(oneOwner, ownerMessage),
  z
    .object({ type: z.literal("execution_error"), ...runOwner, executionId: id, error: z.string() })
    .refine(oneOwner, ownerMessage),
  z.object({
    type: z.literal("system_info"),
    terminalInfo: terminalInfoSchema,
    modules: z.array(systemModuleSchema),
  }),
  z.object({
    type: z.literal("file_operation_result"),
    operation: z.enum(["list", "read"]),
    path: z.string(),
    result: z.union([fileListingSchema, fileContentSchema]),
  }),
  /** Files of the workspace changed (a write, upload, move, delete, or code that ran). */
  z.object({ type: z.literal("files_changed"), paths: z.array(z.string()) }),
  /** One of the person's app documents was stored (its new version) or deleted (null). */
  z.object({
    type: z.literal("document_changed"),
    documentId: z.string(),
    kind: z.string(),
    version: z.number().int().nullable(),
  }),
  /** The server's measurements (the history on metrics_watch, then one per sample). */
  z.object({ type: z.literal("system_metrics"), samples: z.array(metricsSampleSchema) }),
  /** An action written to the execution log (code run, command, file operation, model call). */
  z.object({ type: z.literal("activity"), entry: executionLogSchema }),
  z.object({ type: z.literal("session_updated"), session: chatSessionSchema }),
  z.object({ type: z.literal("session_deleted"), sessionId: id }),
  /** The session's branch shown changed (another version shown, messages deleted, a reply regenerating): read it again. */
  z.object({ type: z.literal("messages_changed"), sessionId: id }),
  /**
   * A question to the person about one tool call: an agent's (its session, assistant message
   * and call) or an outside MCP client's through an access token that asks first (the token).
   */
  z
    .object({
      type: z.literal("approval_request"),
      sessionId: id.optional(),
      messageId: id.optional(),
      toolCallId: id.optional(),
      accessToken: z.object({ id, name: z.string() }).optional(),
      approvalId: id,
      tool: z.string(),
      input: json,
      expiresAt: z.string(),
    })
    .refine(
      (f) =>
        f.accessToken === undefined
          ? f.sessionId !== undefined && f.messageId !== undefined && f.toolCallId !== undefined
          : f.sessionId === undefined && f.messageId === undefined && f.toolCallId === undefined,
      { message: "An approval names an agent's tool call or an access token, not both" },
    ),
  z.object({
    type: z.literal("approval_settled"),
    /** Absent for an access token's question. */
    sessionId: id.optional(),
    approvalId: id,
    approved: z.boolean(),
    reason: z.string(),
  }),
  z.object({
    type: z.literal("tool_call"),
    sessionId: id,
    messageId: id,
    toolCallId: id,
    tool: z.string(),
    input: json,
  }),
  z.object({
    type: z.literal("tool_output"),
    sessionId: id,
    /** The assistant message that made the call: ids repeat across turns and sessions. */
    messageId: id,
    toolCallId: id,
    stream,
    data: z.string(),
  }),
  z.object({
    type: z.literal("tool_result"),
    sessionId: id,
    messageId: id,
    toolCallId: id,
    tool: z.string(),
    ok: z.boolean(),
    output: json,
  }),
  z.object({
    type: z.literal("agent_status"),
    sessionId: id,
    state: z.enum(["running", "done", "stopped", "error"]),
    detail: z.string(),
  }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;
export type ServerFrameType = ServerFrame["type"];

/** What a frame belongs to: a chat session, an app's screen, or the user as a whole. */
export type FrameScope = { kind: "session"; id: string } | { kind: "app"; id: string } | { kind: "user" };

export function frameScope(frame: ServerFrame): FrameScope {
  if ("app" in frame && frame.app !== undefined) return { kind: "app", id: frame.app };
  if ("sessionId" in frame && frame.sessionId !== undefined) return { kind: "session", id: frame.sessionId };
  return { kind: "user" };
}

/** The browser client's reconnect policy (product spec: 5 attempts, 3 s apart). */
export const RECONNECT_ATTEMPTS = 5;
export const RECONNECT_DELAY_MS = 3000;
