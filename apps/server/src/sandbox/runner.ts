import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import {
  type ExecutionLanguage,
  SANDBOX_UNAVAILABLE_MESSAGE,
  type SandboxHealth,
  type SandboxResult,
} from "@neuroos/contracts";
import { AppError } from "../http/errors";
import {
  bwrapArgs,
  controlData,
  nulSeparated,
  prepareLayout,
  type SandboxLayout,
  type WrapperLimits,
  wrapperScript,
} from "./bwrap";
import { Cgroups, cgroupRegistryFile } from "./cgroups";
import { type JobOutcome, runJob } from "./job";
import { CompileError, prepareProgram } from "./languages";
import { FD, type Slot, WarmPool } from "./warm";

const MB = 1024 * 1024;
/** Address space beyond the memory limit: V8 reserves ~1 GB of it without touching it. */
const ADDRESS_SPACE_HEADROOM = 1024 * MB;
const HEALTH_OK_TTL_MS = 60_000;
const HEALTH_FAIL_TTL_MS = 5_000;

export interface SandboxLimits {
  timeoutMs: number;
  cpuSeconds: number;
  memoryMb: number;
  maxProcesses: number;
  maxFileSizeMb: number;
  outputBytes: number;
  tmpMb: number;
}

export interface SandboxConfig {
  /** The bwrap binary (a name looked up in PATH, or a path). */
  bwrap: string;
  limits: SandboxLimits;
  /** The server's data directory: must not be visible inside (checked, fail closed). */
  dataDir: string;
  /** CPU time each sandbox may use, in cores (default 1). */
  cpuCores?: number;
  /** Use cgroups when the host allows (default true). */
  cgroups?: boolean;
}

export interface RunOptions {
  language: ExecutionLanguage;
  code: string;
  /** The host folder mounted at /home/user. */
  workspace: string;
  limits?: Partial<SandboxLimits>;
  stdin?: string;
  signal?: AbortSignal;
  onOutput?: (stream: "stdout" | "stderr", text: string) => void;
}

type ExecuteExtra = Partial<RunOptions> & { data?: { file: string; source: string } };

export class SandboxUnavailableError extends AppError {
  constructor(readonly reason: string) {
    super(503, "sandbox_unavailable", SANDBOX_UNAVAILABLE_MESSAGE);
  }
}

/** A command (for node-pty) that runs `argv` in a sandbox; call `release()` once it ended. */
export interface SandboxCommand {
  file: string;
  args: string[];
  env: Record<string, string>;
  release(): Promise<void>;
}

/**
 * The one sandbox runner (console, terminal, agent, IDE): each job in its own bubblewrap
 * sandbox with namespaces, seccomp, rlimits and (when offered) cgroups. Fails closed.
 */
export class Sandbox {
  private layout: SandboxLayout | null = null;
  private cgroups: Cgroups | null = null;
  private pool: WarmPool | null = null;
  private healthCache: { at: number; value: Promise<SandboxHealth> } | null = null;

  constructor(readonly config: SandboxConfig) {}

  get limits(): SandboxLimits {
    return this.config.limits;
  }

  private setup(): { layout: SandboxLayout; cgroups: Cgroups; pool: WarmPool } {
    this.layout ??= prepareLayout();
    this.cgroups ??= new Cgroups(this.config.cgroups ?? true, {
      cpuCores: this.config.cpuCores,
      registryFile: cgroupRegistryFile(this.config.dataDir),
    });
    const { layout, cgroups } = this;
    this.pool ??= new WarmPool(() => ({
      bwrap: this.config.bwrap,
      cgroups,
      seccompFile: layout.seccompFile,
      memoryBytes: this.limits.memoryMb * MB,
      maxProcesses: this.limits.maxProcesses,
    }));
    return { layout, cgroups, pool: this.pool };
  }

  /** Whether code can run here; probed by starting a real sandbox (cached). */
  health(force = false): Promise<SandboxHealth> {
    const now = Date.now();
    const cached = this.healthCache;
    if (!force && cached) {
      return cached.value.then((h) => {
        const ttl = h.available ? HEALTH_OK_TTL_MS : HEALTH_FAIL_TTL_MS;
        return now - cached.at < ttl ? h : this.health(true);
      });
    }
    const value = this.probe();
    this.healthCache = { at: now, value };
    return value;
  }

  private async probe(): Promise<SandboxHealth> {
    const l = this.limits;
    const base: SandboxHealth = {
      available: false,
      message: SANDBOX_UNAVAILABLE_MESSAGE,
      bwrapVersion: null,
      seccomp: false,
      cgroups: { memory: false, pids: false, cpu: false },
      limits: {
        timeoutMs: l.timeoutMs,
        cpuSeconds: l.cpuSeconds,
        memoryMb: l.memoryMb,
        maxProcesses: l.maxProcesses,
        maxFileSizeMb: l.maxFileSizeMb,
        outputBytes: l.outputBytes,
      },
    };
    const fail = (reason: string): SandboxHealth => ({
      ...base,
      message: `${SANDBOX_UNAVAILABLE_MESSAGE} (${reason})`,
    });
    try {
      const { stdout } = await promisify(execFile)(this.config.bwrap, ["--version"], {
        env: { PATH: "/usr/bin:/bin" },
      });
      base.bwrapVersion = stdout.trim().replace(/^bubblewrap\s*/, "") || null;
    } catch (err) {
      return fail(`bubblewrap is not installed or cannot run: ${(err as Error).message.split("\n")[0]}`);
    }
    let layout: SandboxLayout;
    let cgroups: Cgroups;
    try {
      ({ layout, cgroups } = this.setup());
    } catch (err) {
      return fail(`cannot prepare the sandbox: ${(err as Error).message}`);
    }
    base.seccomp = layout.seccompFile !== null;
    base.cgroups = cgroups.support;
    const dataDir = fs.existsSync(this.config.dataDir)
      ? fs.realpathSync(this.config.dataDir)
      : this.config.dataDir;
    const exposed = layout.visibleHostPaths.find((v) => dataDir === v || dataDir.startsWith(`${v}/`));
    if (exposed) return fail(`the data directory lies inside ${exposed}, which sandboxes can read`);
    const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-probe-"));
    try {
      const result = await this.execute(["/bin/true"], probeDir, { timeoutMs: 10_000 });
      if (result.exitCode !== 0) return fail(`the probe exited with ${result.exitCode ?? result.signal}`);
    } catch (err) {
      return fail(err instanceof SandboxUnavailableError ? err.reason : (err as Error).message);
    } finally {
      fs.rmSync(probeDir, { recursive: true, force: true });
    }
    return { ...base, available: true, message: "Sandbox ready" };
  }

  /** Throws SandboxUnavailableError unless the sandbox works on this server. */
  async assertAvailable(): Promise<void> {
    const health = await this.health();
    if (!health.available) throw new SandboxUnavailableError(health.message);
  }

  /** Runs code in a fresh sandbox over `workspace`; output streams to `onOutput` as it comes. */
  async run(options: RunOptions): Promise<SandboxResult> {
    await this.assertAvailable();
    let program: Awaited<ReturnType<typeof prepareProgram>>;
    try {
      program = await prepareProgram(options.language, options.code);
    } catch (err) {
      if (!(err instanceof CompileError)) throw err;
      const stderr = `${err.message}\n`;
      options.onOutput?.("stderr", stderr);
      return { stdout: "", stderr, exitCode: 1, signal: null, durationMs: 0, limit: null, truncated: false };
    }
    return this.executeChecked(program.argv, options.workspace, options.limits ?? {}, {
      ...options,
      data: { file: program.file, source: program.source },
    });
  }

  /**
   * Runs a program of the server's own (`argv`: fixed words, checked by controlData; anything a
   * person chose goes on `stdin`) in a fresh sandbox over `workspace`, e.g. espeak-ng for speech.
   */
  async runCommand(
    argv: string[],
    workspace: string,
    options: Pick<RunOptions, "limits" | "stdin" | "signal"> = {},
  ): Promise<SandboxResult> {
    await this.assertAvailable();
    return this.executeChecked(argv, workspace, options.limits ?? {}, options);
  }

  /** execute(), and a re-probe of the host when the sandbox could not start. */
  private async executeChecked(
    argv: string[],
    workspace: string,
    overrides: Partial<SandboxLimits>,
    extra: ExecuteExtra,
  ): Promise<SandboxResult> {
    try {
      return await this.execute(argv, workspace, overrides, extra);
    } catch (err) {
      if (err instanceof SandboxUnavailableError) this.healthCache = null; // the host changed: re-probe
      throw err;
    }
  }

  private async execute(
    argv: string[],
    workspace: string,
    overrides: Partial<SandboxLimits>,
    extra: ExecuteExtra = {},
  ): Promise<SandboxResult> {
    const { layout, pool } = this.setup();
    const limits = { ...this.limits, ...overrides };
    const args = bwrapArgs(layout, {
      workspace,
      newSession: true,
      dataFiles: extra.data ? [[FD.data, extra.data.file]] : [],
      statusFd: FD.status,
      seccompFd: layout.seccompFile ? FD.seccomp : undefined,
      tmpSizeBytes: limits.tmpMb * MB,
    });
    const control = controlData(this.rlimits(limits, true), argv, args);
    const job = async (slot: () => Slot): Promise<JobOutcome> => {
      try {
        return await runJob({
          slot: slot(),
          control,
          data: extra.data?.source,
          stdin: extra.stdin,
          timeoutMs: limits.timeoutMs,
          outputBytes: limits.outputBytes,
          cpuSeconds: limits.cpuSeconds,
          signal: extra.signal,
          onOutput: extra.onOutput,
        });
      } catch (err) {
        return { started: false, reason: (err as Error).message }; // e.g. its cgroup could not be made
      }
    };
    let outcome = await job(() => pool.take(limits.memoryMb * MB, limits.maxProcesses));
    // A warm slot can fail on its own (its cgroup vanished, ...): one more try on a fresh one.
    if (!outcome.started && !extra.signal?.aborted)
      outcome = await job(() => pool.fresh(limits.memoryMb * MB, limits.maxProcesses));
    // The next job's slot starts now that this one is done (spawning competes with a running job).
    setImmediate(() => pool.fill());
    if (!outcome.started) throw new SandboxUnavailableError(outcome.reason);
    return outcome.result;
  }

  /** The command line (for a PTY) that runs `argv` in a sandbox, with no wall-time or CPU limit. */
  async command(
    argv: string[],
    workspace: string,
    env: Record<string, string>,
    overrides: Partial<SandboxLimits> = {},
    options: {
      /** A new session (no controlling terminal): for programs on pipes rather than a PTY. */
      newSession?: boolean;
      /** Share the host's network (an admin's decision); without it the sandbox has none. */
      network?: boolean;
    } = {},
  ): Promise<SandboxCommand> {
    await this.assertAvailable();
    const { layout, cgroups } = this.setup();
    const limits = { ...this.limits, ...overrides };
    // The variables (a person's API keys...) reach bwrap through a file only this server can read,
    // deleted as it starts: on the command line every user of the host would see them in `ps`.
    const envFile = path.join(layout.dir, `env-${randomUUID()}`);
    await fs.promises.writeFile(
      envFile,
      nulSeparated(Object.entries(env).flatMap(([k, v]) => ["--setenv", k, v])),
      { mode: 0o600, flag: "wx" },
    );
    const cgroup = cgroups.create({ memoryBytes: limits.memoryMb * MB, maxProcesses: limits.maxProcesses });
    const args = bwrapArgs(layout, {
      workspace,
      newSession: options.newSession ?? false,
      network: options.network ?? false,
      argsFd: FD.data,
      seccompFd: layout.seccompFile ? FD.seccomp : undefined,
      tmpSizeBytes: limits.tmpMb * MB,
    });
    const script = wrapperScript(
      cgroup?.procsFiles ?? [],
      this.rlimits(limits, false),
      layout.seccompFile ? { file: layout.seccompFile, fd: FD.seccomp } : undefined,
      { file: envFile, fd: FD.data },
    );
    return {
      file: "/bin/sh",
      args: ["-c", script, "sh", this.config.bwrap, ...args, "--", ...argv],
      env: { PATH: "/usr/bin:/bin" },
      release: async () => {
        await fs.promises.rm(envFile, { force: true }); // when it never started
        await cgroup?.destroy();
      },
    };
  }

  private rlimits(limits: SandboxLimits, withCpu: boolean): WrapperLimits {
    return {
      cpuSeconds: withCpu ? limits.cpuSeconds : null,
      addressSpaceBytes: limits.memoryMb * MB + ADDRESS_SPACE_HEADROOM,
      fileSizeBytes: limits.maxFileSizeMb * MB,
      openFiles: 1024,
      processes: this.cgroups?.support.pids ? null : limits.maxProcesses,
    };
  }

  /** Removes the host-side files and this server's cgroup folders. */
  close(): void {
    this.pool?.close();
    this.pool = null;
    this.cgroups?.close();
    if (this.layout) fs.rmSync(this.layout.dir, { recursive: true, force: true });
    this.layout = null;
    this.cgroups = null;
  }
}
