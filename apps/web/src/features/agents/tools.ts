import type { AgentToolName, SandboxHealth } from "@neuroos/contracts";

export interface ToolInfo {
  name: AgentToolName;
  title: string;
  description: string;
  /** Tools that run in the sandbox depend on it; the file tools use the workspace service. */
  needsSandbox: boolean;
}

/** The agent tools (apps/server/src/agent/tools), as the page describes them. */
export const tools: ToolInfo[] = [
  {
    name: "run_code",
    title: "Run code",
    description: "Runs Python, JavaScript, TypeScript or shell code in the sandbox and returns its output.",
    needsSandbox: true,
  },
  {
    name: "run_shell",
    title: "Run shell command",
    description: "Runs a shell command in the workspace, inside the sandbox.",
    needsSandbox: true,
  },
  {
    name: "list_files",
    title: "List files",
    description: "Lists the files and folders of a workspace directory.",
    needsSandbox: false,
  },
  {
    name: "read_file",
    title: "Read file",
    description: "Reads a text file from the workspace.",
    needsSandbox: false,
  },
  {
    name: "write_file",
    title: "Write file",
    description: "Creates or replaces a file in the workspace.",
    needsSandbox: false,
  },
  {
    name: "search_files",
    title: "Search files",
    description: "Searches the workspace's files for plain text.",
    needsSandbox: false,
  },
];

export type ToolStatus = { state: "active" | "unavailable" | "checking"; detail: string };

/** A tool's status from the sandbox's health: sandboxed tools need it, file tools do not. */
export function toolStatus(tool: ToolInfo, health: SandboxHealth | undefined, failed: boolean): ToolStatus {
  if (!tool.needsSandbox) return { state: "active", detail: "Workspace files" };
  if (failed) return { state: "unavailable", detail: "The sandbox status could not be read." };
  if (!health) return { state: "checking", detail: "Checking the sandbox…" };
  if (!health.available) return { state: "unavailable", detail: health.message };
  const limits = health.limits;
  return {
    state: "active",
    detail: `Sandbox: ${Math.round(limits.timeoutMs / 1000)} s, ${limits.memoryMb} MB, ${limits.maxProcesses} processes`,
  };
}
