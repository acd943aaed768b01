import { execFile } from "node:child_process";
import os from "node:os";
import { promisify } from "node:util";
import { APP_VERSION } from "@neuroos/contracts";

const run = promisify(execFile);
let pythonVersion: Promise<string | null> | undefined;

/** The real Python 3 version on this server (as run in the sandbox), or null when absent. */
export function detectPythonVersion(): Promise<string | null> {
  pythonVersion ??= run("python3", ["--version"], { timeout: 5000 }).then(
    ({ stdout, stderr }) => /Python (\S+)/.exec(stdout || stderr)?.[1] ?? null,
    () => null,
  );
  return pythonVersion;
}

/** What the console's header and status bar show about the machine: measured, not fixed. */
export async function runtimeInfo() {
  return {
    version: APP_VERSION,
    uptime: Math.round(process.uptime()),
    platform: `${os.type()} ${os.release()}`,
    nodeVersion: process.versions.node,
    pythonVersion: await detectPythonVersion(),
    cpus: os.availableParallelism(),
    totalMemory: os.totalmem(),
  };
}
