import { z } from "zod";
import { endpoint } from "./endpoint";

/** Stored outputs answer at most this many characters of stdout and of stderr; "show all" reads the rest. */
export const OUTPUT_PREVIEW_CHARS = 20_000;

/** A workspace file a run or a tool wrote, listed under its message. */
export const outputFileSchema = z.object({ path: z.string(), size: z.number() });
export type OutputFile = z.infer<typeof outputFileSchema>;

/**
 * What a run from a message printed (a reply's code block run, or an Execute after it), kept
 * with the message: shown in place after a reload, on another device and in an export.
 */
export const messageOutputSchema = z.object({
  id: z.string(),
  messageId: z.string(),
  /** The code block of the message that ran (its index among the message's fenced blocks), or null (an Execute). */
  block: z.number().int().nullable(),
  kind: z.enum(["run", "command"]),
  language: z.string(),
  input: z.string(),
  /** The start of what it printed (at most OUTPUT_PREVIEW_CHARS of each). */
  stdout: z.string(),
  stderr: z.string(),
  /** The whole output's length; more than stdout and stderr here when they were cut. */
  outputChars: z.number().int(),
  exitCode: z.number().int().nullable(),
  durationMs: z.number(),
  files: z.array(outputFileSchema),
  executionId: z.string().nullable(),
  createdAt: z.string(),
});
export type MessageOutput = z.infer<typeof messageOutputSchema>;

/** Whether an output as listed was cut (its whole text is at outputsApi.get). */
export const outputIsCut = (o: Pick<MessageOutput, "stdout" | "stderr" | "outputChars">) =>
  o.stdout.length + o.stderr.length < o.outputChars;

/** A reply streaming now and its text so far (written every 250 ms or so), for a browser that joins. */
export const streamingReplySchema = z.object({ messageId: z.string(), text: z.string() });
export type StreamingReply = z.infer<typeof streamingReplySchema>;

/** A session's stored outputs and the reply it streams (server: apps/server/src/chat/output-routes.ts). */
export const outputsApi = {
  /** One output whole ("show all"): stdout and stderr uncut. */
  get: endpoint({
    method: "GET",
    path: "/api/sessions/:id/outputs/:outputId",
    body: null,
    answer: messageOutputSchema,
  }),
  /** The reply streaming now in the session and its text so far, or null. */
  streaming: endpoint({
    method: "GET",
    path: "/api/sessions/:id/streaming",
    body: null,
    answer: z.object({ reply: streamingReplySchema.nullable() }),
  }),
};
