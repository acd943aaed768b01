import type { AgentToolName } from "@neuroos/contracts";
import { forget } from "./forget";
import { listFiles } from "./list-files";
import { readFile } from "./read-file";
import { recall } from "./recall";
import { remember } from "./remember";
import { runCode } from "./run-code";
import { runShell } from "./run-shell";
import { searchFiles } from "./search-files";
import type { AgentTool, ToolServices } from "./types";
import { writeFile } from "./write-file";

/** One factory per tool; adding a tool is its file and one line here. */
const factories = [runCode, runShell, listFiles, readFile, writeFile, searchFiles, remember, recall, forget];

/** The tools the memory settings offer (not chosen per agent). */
export const MEMORY_TOOLS = ["remember", "recall", "forget"] as const;

export type { AgentToolName };

/** Every tool by name, built once at boot from the services. */
export class ToolRegistry {
  private readonly tools = new Map<string, AgentTool>();

  constructor(services: ToolServices) {
    for (const factory of factories) {
      const tool = factory(services) as AgentTool;
      this.tools.set(tool.name, tool);
    }
  }

  get(name: string): AgentTool | undefined {
    return this.tools.get(name);
  }
}
