import type { WorkspaceQuota } from "@neuroos/contracts";
import type { Env } from "../env";
import { AppError } from "../http/errors";
import type { Figure } from "./figures";
import { MAX_WORKSPACE_ENTRIES } from "./ops";

const MB = 1024 * 1024;

/** Per-file and per-workspace limits by plan, from the validated environment. */
export function workspaceQuotas(env: Env): Record<"free" | "pro", WorkspaceQuota> {
  return {
    free: {
      maxFileBytes: Math.floor(env.WORKSPACE_FILE_MB_FREE * MB),
      maxWorkspaceBytes: Math.floor(env.WORKSPACE_QUOTA_MB_FREE * MB),
    },
    pro: {
      maxFileBytes: Math.floor(env.WORKSPACE_FILE_MB_PRO * MB),
      maxWorkspaceBytes: Math.floor(env.WORKSPACE_QUOTA_MB_PRO * MB),
    },
  };
}

/** A workspace quota in whole MB, as people are told it. */
export const quotaMb = (quota: Pick<WorkspaceQuota, "maxWorkspaceBytes">) =>
  Math.round(quota.maxWorkspaceBytes / MB);

/** What a person is told when the workspace has no room left (`then`: "run again", "try again"). */
export const workspaceFullWords = (quotaMb: number, then = "run again") =>
  `Your workspace is full (its ${quotaMb} MB quota): delete files and empty the trash in Files to make room, then ${then}.`;

/** The files code wrote past the quota, which were not kept ("" for none). */
export const notKeptWords = (removed: string[]) =>
  removed.length === 0
    ? ""
    : ` Not kept, written past the quota: ${removed.slice(0, 5).join(", ")}${removed.length > 5 ? ` and ${removed.length - 5} more` : ""}.`;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1).replace(/\.0$/, "") : Math.round(mb)} MB`;
}

/** Refuses a new entry in a workspace that already holds the most files and folders allowed. */
export function checkEntries(figure: Figure, maxEntries = MAX_WORKSPACE_ENTRIES): void {
  if (figure.entries > maxEntries)
    throw new AppError(
      413,
      "payload_too_large",
      `The workspace holds more than ${maxEntries.toLocaleString("en-US")} files and folders; delete some first`,
    );
}
