import type { SandboxHealth } from "@neuroos/contracts";
import { describe, expect, it } from "vitest";
import { type ToolInfo, toolStatus, tools } from "./tools";

const limits = {
  timeoutMs: 30_000,
  cpuSeconds: 30,
  memoryMb: 512,
  maxProcesses: 64,
  maxFileSizeMb: 10,
  outputBytes: 1,
};
const health = (available: boolean): SandboxHealth => ({
  available,
  message: available ? "Sandbox ready" : "Code execution is unavailable: bwrap is missing",
  bwrapVersion: null,
  seccomp: false,
  cgroups: { memory: false, pids: false, cpu: false },
  limits,
});
function byName(name: string): ToolInfo {
  const tool = tools.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool;
}

describe("toolStatus", () => {
  it("lists the six agent tools", () => {
    expect(tools.map((t) => t.name)).toEqual([
      "run_code",
      "run_shell",
      "list_files",
      "read_file",
      "write_file",
      "search_files",
    ]);
  });

  it("marks sandboxed tools active only when the sandbox is available", () => {
    expect(toolStatus(byName("run_code"), health(true), false).state).toBe("active");
    expect(toolStatus(byName("run_shell"), health(false), false)).toEqual({
      state: "unavailable",
      detail: "Code execution is unavailable: bwrap is missing",
    });
    expect(toolStatus(byName("run_code"), undefined, false).state).toBe("checking");
    expect(toolStatus(byName("run_code"), undefined, true).state).toBe("unavailable");
  });

  it("keeps the file tools active whatever the sandbox says", () => {
    expect(toolStatus(byName("read_file"), health(false), true).state).toBe("active");
  });
});
