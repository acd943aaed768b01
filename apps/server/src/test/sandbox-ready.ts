import { spawnSync } from "node:child_process";
import { describe } from "vitest";

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
