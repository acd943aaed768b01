import type { AgentToolName } from "@neuroos/contracts";
import { listFiles } from "./list-files";
import { readFile } from "./read-file";
import { runCode } from "./run-code";
import { runShell } from "./run-shell";
import { searchFiles } from "./search-files";
import type { AgentTool } from "./types";
import { writeFile } from "./write-file";

/** Every agent tool, by name; an agent's `tools` picks among them. */
export const agentTools = {
  run_code: runCode,
  run_shell: runShell,
  list_files: listFiles,
  read_file: readFile,
  write_file: writeFile,
  search_files: searchFiles,
} as Record<AgentToolName, AgentTool>;
