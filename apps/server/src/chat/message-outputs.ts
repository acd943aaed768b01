import { type ChatMessage, type MessageOutput, OUTPUT_PREVIEW_CHARS } from "@neuroos/contracts";
import { and, asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { chatMessageOutputs, chatMessages, chatSessions } from "../db/schema";
import { storableJson, storableText } from "../db/storable";
import type { ExecutionOutcome } from "../executions/service";
import { notFound } from "../http/errors";
import { isUuid } from "../http/ids";

/**
 * A stored output keeps this much of stdout and of stderr (the sandbox's own output cap is
 * below it); messages are listed with the first OUTPUT_PREVIEW_CHARS, "show all" reads the rest.
 */
export const KEPT_OUTPUT_CHARS = 2_000_000;

type OutputRow = typeof chatMessageOutputs.$inferSelect;

const toOutput = (row: OutputRow): MessageOutput => ({
  id: row.id,
  messageId: row.messageId,
  block: row.block,
  kind: row.kind,
  language: row.language,
  input: row.input,
  stdout: row.stdout,
  stderr: row.stderr,
  outputChars: row.outputChars,
  exitCode: row.exitCode,
  durationMs: row.durationMs,
  files: row.files,
  executionId: row.executionId,
  createdAt: row.createdAt.toISOString(),
});

/** Refuses (404) a message id that is not one of the session's messages. */
export async function assertMessageOf(db: Db, sessionId: string, messageId: string): Promise<void> {
  if (!isUuid(messageId)) throw notFound("Message");
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.sessionId, sessionId)));
  if (!row) throw notFound("Message");
}

export interface RunOfMessage {
  messageId: string;
  block: number | null;
  kind: "run" | "command";
  language: string;
  input: string;
}

/**
 * Stores what a run from a message printed, with the message (the session's, checked by the
 * caller): stdout as the program printed it, stderr with the notes on what ended it; each kept
 * up to KEPT_OUTPUT_CHARS. Answers the output as messages list it (cut to the preview).
 */
export async function storeOutput(
  db: Db,
  run: RunOfMessage,
  outcome: Pick<ExecutionOutcome, "executionId" | "result" | "output" | "files">,
): Promise<MessageOutput> {
  const { result, output } = outcome;
  const stdout = storableText(result.stdout);
  const rest = storableText(
    output.startsWith(result.stdout) ? output.slice(result.stdout.length) : result.stderr,
  );
  const [row] = await db
    .insert(chatMessageOutputs)
    .values({
      messageId: run.messageId,
      block: run.block,
      kind: run.kind,
      language: run.language,
      input: storableText(run.input),
      stdout: stdout.slice(0, KEPT_OUTPUT_CHARS),
      stderr: rest.slice(0, KEPT_OUTPUT_CHARS),
      outputChars: stdout.length + rest.length,
      exitCode: result.exitCode,
      durationMs: Math.round(result.durationMs),
      files: JSON.parse(storableJson(outcome.files)),
      executionId: outcome.executionId,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return preview(toOutput(row));
}

/** The output as messages list it: stdout and stderr cut to OUTPUT_PREVIEW_CHARS each. */
const preview = (output: MessageOutput): MessageOutput => ({
  ...output,
  stdout: output.stdout.slice(0, OUTPUT_PREVIEW_CHARS),
  stderr: output.stderr.slice(0, OUTPUT_PREVIEW_CHARS),
});

/**
 * The messages with their outputs (oldest first), read in one query for all of them; only the
 * start of long outputs is read.
 */
export async function withOutputs(db: Db, messages: ChatMessage[]): Promise<ChatMessage[]> {
  const ids = messages.map((m) => m.id);
  if (ids.length === 0) return messages;
  const rows = await db
    .select({
      ...getTableColumns(chatMessageOutputs),
      stdout: sql<string>`left(${chatMessageOutputs.stdout}, ${OUTPUT_PREVIEW_CHARS})`,
      stderr: sql<string>`left(${chatMessageOutputs.stderr}, ${OUTPUT_PREVIEW_CHARS})`,
    })
    .from(chatMessageOutputs)
    .where(inArray(chatMessageOutputs.messageId, ids))
    .orderBy(asc(chatMessageOutputs.createdAt), asc(chatMessageOutputs.id));
  if (rows.length === 0) return messages;
  const byMessage = new Map<string, MessageOutput[]>();
  for (const row of rows) {
    const list = byMessage.get(row.messageId) ?? [];
    list.push(toOutput({ ...row, createdAt: new Date(row.createdAt) }));
    byMessage.set(row.messageId, list);
  }
  return messages.map((m) => {
    const outputs = byMessage.get(m.id);
    return outputs ? { ...m, outputs } : m;
  });
}

/** One of the person's outputs whole ("show all"); another person's, or another session's, is not found. */
export async function fullOutput(
  db: Db,
  userId: string,
  sessionId: string,
  outputId: string,
): Promise<MessageOutput> {
  if (!isUuid(sessionId) || !isUuid(outputId)) throw notFound("Output");
  const [row] = await db
    .select(getTableColumns(chatMessageOutputs))
    .from(chatMessageOutputs)
    .innerJoin(chatMessages, eq(chatMessages.id, chatMessageOutputs.messageId))
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
    .where(
      and(
        eq(chatMessageOutputs.id, outputId),
        eq(chatMessages.sessionId, sessionId),
        eq(chatSessions.userId, userId),
      ),
    );
  if (!row) throw notFound("Output");
  return toOutput(row);
}

/** A stored output as the trash keeps it (with its session's messages), times as text. */
export type TrashedOutput = Omit<OutputRow, "createdAt"> & { createdAt: string };

/** The outputs of a session's messages (every branch), whole, for the trash. */
export async function outputsOfSession(tx: Db | Tx, sessionId: string): Promise<TrashedOutput[]> {
  const rows = await tx
    .select(getTableColumns(chatMessageOutputs))
    .from(chatMessageOutputs)
    .innerJoin(chatMessages, eq(chatMessages.id, chatMessageOutputs.messageId))
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(asc(chatMessageOutputs.createdAt));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Puts a restored session's outputs back (its messages are back already). */
export async function restoreOutputs(tx: Tx, outputs: readonly TrashedOutput[] | undefined): Promise<void> {
  if (!outputs || outputs.length === 0) return;
  await tx
    .insert(chatMessageOutputs)
    .values(outputs.map((o) => ({ ...o, createdAt: new Date(o.createdAt) })));
}
