import type { ExecutionLog, ServerFrame } from "@neuroos/contracts";

/** Product spec section 9: at most 10 live entries; text cut at 50 characters, results at 40. */
export const ACTIVITY_LIMIT = 10;
export const TEXT_LIMIT = 50;
export const RESULT_LIMIT = 40;

export type ActivityStatus = "success" | "error" | "info";

export interface ActivityEntry {
  id: string;
  title: string;
  detail: string;
  status: ActivityStatus;
  /** Milliseconds since the epoch. */
  at: number;
}

export type ActivityDraft = Omit<ActivityEntry, "id" | "at">;

/** `text` cut to `max` characters (whitespace runs folded), with "..." when cut. */
export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}...` : flat;
}

/** Adds an entry at the top and keeps the newest ACTIVITY_LIMIT. */
export function addEntry(entries: readonly ActivityEntry[], entry: ActivityEntry): ActivityEntry[] {
  return [entry, ...entries].slice(0, ACTIVITY_LIMIT);
}

/** The entry the Run button adds before the server answers. */
export function runEntry(code: string, language: string): ActivityDraft {
  return { title: `Run ${language}`, detail: truncate(code, TEXT_LIMIT), status: "info" };
}

/** The activity entry a live frame makes, or null for frames the log does not show. */
export function entryFromFrame(frame: ServerFrame): ActivityDraft | null {
  switch (frame.type) {
    case "chat_message": {
      const { message } = frame;
      const { content } = message;
      if (message.role === "user")
        return { title: "Message sent", detail: truncate(content, TEXT_LIMIT), status: "info" };
      if (message.role === "tool") {
        const failed = message.metadata.isError === true;
        const tool = message.metadata.toolName;
        return {
          title: `Tool ${typeof tool === "string" ? tool : "result"}`,
          detail: truncate(content, RESULT_LIMIT),
          status: failed ? "error" : "success",
        };
      }
      if (message.metadata.error && !message.metadata.stopped) {
        return {
          title: "Reply failed",
          detail: truncate(message.metadata.error, RESULT_LIMIT),
          status: "error",
        };
      }
      if (message.metadata.stopped)
        return { title: "Reply stopped", detail: truncate(content, TEXT_LIMIT), status: "info" };
      return { title: "Reply received", detail: truncate(content, TEXT_LIMIT), status: "success" };
    }
    case "activity":
      return entryFromLog(frame.entry);
    case "error":
      return { title: "Error", detail: truncate(frame.message, TEXT_LIMIT), status: "error" };
    default:
      return null;
  }
}

const actionTitles: Record<Exclude<ExecutionLog["type"], "llm_interaction">, string> = {
  code_execution: "Execution",
  system_command: "Execution",
  file_operation: "File",
  network_request: "Network request",
};

/**
 * The entry an execution-log record makes (runs, commands, file changes: written by the server
 * for every such action, whichever tab or agent did it). Model calls are shown from the chat's
 * own messages instead.
 */
export function entryFromLog(log: ExecutionLog): ActivityDraft | null {
  if (log.type === "llm_interaction") return null;
  if (log.type === "file_operation") {
    return {
      title: `File ${log.command.split(" ")[0]}${log.status === "error" ? " refused" : ""}`,
      detail: truncate(log.status === "error" ? log.result : log.command.replace(/^\S+ /, ""), TEXT_LIMIT),
      status: log.status === "error" ? "error" : "success",
    };
  }
  const exitCode = typeof log.metadata.exitCode === "number" ? log.metadata.exitCode : null;
  const output = log.result.trim() || (exitCode === null ? "no output" : `exit code ${exitCode}`);
  const title = actionTitles[log.type];
  if (log.status === "success")
    return { title: `${title} completed`, detail: truncate(output, RESULT_LIMIT), status: "success" };
  return {
    title: `${title} failed${exitCode === null ? "" : ` (exit ${exitCode})`}`,
    detail: truncate(output, RESULT_LIMIT),
    status: "error",
  };
}

/**
 * What a log entry shows in the activity list when it is filled from the log on load: runs,
 * commands and file changes as live; a model call as the reply it made (live, the chat's own
 * messages show those).
 */
export function entryFromStoredLog(log: ExecutionLog): ActivityDraft | null {
  if (log.type !== "llm_interaction") return entryFromLog(log);
  if (log.status === "error")
    return { title: "Reply failed", detail: truncate(log.result, RESULT_LIMIT), status: "error" };
  if (log.status === "warning")
    return { title: "Reply stopped", detail: truncate(log.result, TEXT_LIMIT), status: "info" };
  return { title: "Reply received", detail: truncate(log.result, TEXT_LIMIT), status: "success" };
}

/** An activity entry's id for a log entry: the same whether it came live or from the log. */
export const logEntryId = (log: Pick<ExecutionLog, "id">) => `log:${log.id}`;

/**
 * The activity list filled from the newest log entries (after a reload): those not there yet
 * join the entries that came live meanwhile, newest first, at most ACTIVITY_LIMIT.
 */
export function seedFromLog(
  entries: readonly ActivityEntry[],
  logs: readonly ExecutionLog[],
): ActivityEntry[] {
  const have = new Set(entries.map((e) => e.id));
  const added: ActivityEntry[] = [];
  for (const log of logs) {
    const draft = entryFromStoredLog(log);
    const id = logEntryId(log);
    if (draft && !have.has(id)) added.push({ ...draft, id, at: Date.parse(log.timestamp) });
  }
  return [...entries, ...added].sort((a, b) => b.at - a.at).slice(0, ACTIVITY_LIMIT);
}
