import type { Env } from "../env";
import type { SandboxConfig } from "./runner";

/** The sandbox's binary and default job limits, from the validated environment. */
export function sandboxConfig(env: Env): SandboxConfig {
  return {
    bwrap: env.SANDBOX_BWRAP,
    dataDir: env.DATA_DIR,
    cpuCores: env.SANDBOX_CPU_CORES,
    limits: {
      timeoutMs: env.SANDBOX_TIMEOUT_MS,
      cpuSeconds: env.SANDBOX_CPU_SECONDS ?? Math.ceil(env.SANDBOX_TIMEOUT_MS / 1000),
      memoryMb: env.SANDBOX_MEMORY_MB,
      maxProcesses: env.SANDBOX_MAX_PROCESSES,
      maxFileSizeMb: env.SANDBOX_MAX_FILE_MB ?? env.WORKSPACE_FILE_MB_FREE,
      outputBytes: env.SANDBOX_OUTPUT_BYTES,
      tmpMb: 256,
    },
  };
}
