import { spawnSync } from "node:child_process";
import { describe } from "vitest";
import type { SandboxLimits } from "../sandbox/runner";

/** Whether bubblewrap runs here; the suites that run code need it. */
export const sandboxReady = spawnSync(process.env.SANDBOX_BWRAP ?? "bwrap", ["--version"]).status === 0;

if (!sandboxReady) {
  const line =
    "bubblewrap (bwrap) is not installed: the tests that run code in the sandbox are SKIPPED. Install it with: sudo apt-get install -y bubblewrap";
  if (process.env.CI === "true") throw new Error(`${line} CI must run them.`);
  console.warn(`\n${"!".repeat(80)}\n${line}\n${"!".repeat(80)}\n`);
}

/** `describe`, skipped (loudly) where the sandbox cannot run. */
export const describeWithSandbox = describe.skipIf(!sandboxReady);

/** Small job limits for tests that start their own Sandbox. */
export const testLimits: SandboxLimits = {
  timeoutMs: 10_000,
  cpuSeconds: 10,
  memoryMb: 256,
  maxProcesses: 64,
  maxFileSizeMb: 1,
  outputBytes: 64 * 1024,
  tmpMb: 16,
};
