import type { ModuleCheck } from "../platform/module-check";
import type { Sandbox } from "./runner";

/** Code Interpreter: active when a real sandbox starts here; error (with the reason) otherwise. */
export function codeInterpreterCheck(sandbox: Sandbox): ModuleCheck {
  return {
    id: "code-interpreter",
    name: "Code Interpreter",
    async check() {
      const health = await sandbox.health();
      if (!health.available) return { status: "error", description: health.message };
      const protections = [
        "namespaces",
        health.seccomp ? "seccomp" : null,
        health.cgroups.memory || health.cgroups.pids ? "cgroups" : null,
        "rlimits",
      ].filter(Boolean);
      const status = health.seccomp && health.cgroups.memory && health.cgroups.pids ? "active" : "warning";
      return {
        status,
        description: `bubblewrap ${health.bwrapVersion ?? ""} sandbox (${protections.join(", ")})`,
      };
    },
  };
}

/** Terminal: a PTY shell in the same sandbox; usable exactly when the sandbox is. */
export function terminalCheck(sandbox: Sandbox, openTerminals: () => number): ModuleCheck {
  return {
    id: "terminal",
    name: "Terminal",
    async check() {
      const health = await sandbox.health();
      if (!health.available) return { status: "error", description: health.message };
      const n = openTerminals();
      return { status: "active", description: `Sandboxed bash over a PTY; ${n} open` };
    },
  };
}
