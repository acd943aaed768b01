import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { APP_VERSION } from "@neuroos/contracts";
import type { Sandbox } from "../sandbox/runner";

const pythonVersions = new WeakMap<Sandbox, Promise<string | null>>();

/**
 * The Python 3 that code really runs with: asked inside the sandbox once (the server's own
 * python3 may be another one), or null when the sandbox has none or cannot run.
 */
export function sandboxPythonVersion(sandbox: Sandbox): Promise<string | null> {
  let version = pythonVersions.get(sandbox);
  if (!version) {
    version = (async () => {
      const workspace = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-python-"));
      try {
        const result = await sandbox.run({ language: "bash", code: "python3 --version 2>&1", workspace });
        return /Python (\S+)/.exec(result.stdout)?.[1] ?? null;
      } catch {
        return null;
      } finally {
        fs.rmSync(workspace, { recursive: true, force: true });
      }
    })();
    pythonVersions.set(sandbox, version);
  }
  return version;
}

/** What the console's header and status bar show about the machine: measured, not fixed. */
export async function runtimeInfo(sandbox: Sandbox) {
  return {
    version: APP_VERSION,
    uptime: Math.round(process.uptime()),
    platform: `${os.type()} ${os.release()}`,
    nodeVersion: process.versions.node,
    pythonVersion: await sandboxPythonVersion(sandbox),
    cpus: os.availableParallelism(),
    totalMemory: os.totalmem(),
  };
}
