import type { ChatMessage, MessageOutput } from "@neuroos/contracts";
import type { BlockRun } from "./execution-state";

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The fenced code blocks of a message's text, in order (each one's code, as the renderer gives it). */
export function fencedBlocks(text: string): string[] {
  const blocks: string[] = [];
  let fence: string | null = null;
  let lines: string[] = [];
  for (const line of text.split("\n")) {
    const marker = FENCE.exec(line)?.[1];
    if (fence === null) {
      if (marker) {
        fence = marker;
        lines = [];
      }
      continue;
    }
    if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) {
      blocks.push(lines.join("\n"));
      fence = null;
      continue;
    }
    lines.push(line);
  }
  if (fence !== null) blocks.push(lines.join("\n"));
  return blocks;
}

/** The index of a block (by its code) among the message's fenced blocks; -1 when not found. */
export function blockIndexOf(text: string, code: string): number {
  return fencedBlocks(text).findIndex((block) => block.replace(/\n$/, "") === code);
}

/** The message a block belongs to: its key starts with the message's id (markdown-content's textKey). */
export const messageIdOfBlock = (blockKey: string) => blockKey.split(":")[0] ?? "";

/** The newest stored output of one block of the message (null: none). */
export function latestOutput(message: ChatMessage | undefined, block: number): MessageOutput | null {
  const list = message?.outputs ?? [];
  for (let i = list.length - 1; i >= 0; i--) {
    const output = list[i];
    if (output && output.block === block && output.kind === "run") return output;
  }
  return null;
}

/** The commands run with Execute after the message (no block), oldest first. */
export const commandOutputs = (message: ChatMessage): MessageOutput[] =>
  (message.outputs ?? []).filter((o) => o.kind === "command");

/** A stored output as the run view shows one. */
export function storedRun(output: MessageOutput, whole?: Pick<MessageOutput, "stdout" | "stderr">): BlockRun {
  const text = whole ?? output;
  return {
    executionId: output.executionId,
    output: `${text.stdout}${text.stderr}`,
    status: output.exitCode === 0 ? "succeeded" : "failed",
    exitCode: output.exitCode,
    durationMs: output.durationMs,
    error: null,
  };
}

const isFile = (v: unknown): v is { path: string; size: number } =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as { path?: unknown }).path === "string" &&
  typeof (v as { size?: unknown }).size === "number";

/**
 * The workspace files a tool call wrote, from its result: run_code's and run_shell's `files`,
 * write_file's own path and size.
 */
export function toolFiles(tool: string, output: unknown): { path: string; size: number }[] {
  if (typeof output !== "object" || output === null) return [];
  const files = (output as { files?: unknown }).files;
  if (Array.isArray(files)) return files.filter(isFile).map(({ path, size }) => ({ path, size }));
  if (tool === "write_file" && isFile(output)) return [{ path: output.path, size: output.size }];
  return [];
}
