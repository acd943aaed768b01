import type { WorkspaceQuota } from "@neuroos/contracts";
import type { Env } from "../env";

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

/** What a person is told when the workspace has no room left (`then`: "run again", "try again"). */
export const workspaceFullWords = (quotaMb: number, then = "run again") =>
  `Your workspace is full (its ${quotaMb} MB quota): delete files to make room, then ${then}.`;
