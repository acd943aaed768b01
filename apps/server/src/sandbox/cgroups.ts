import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { processAlive } from "../platform/process-alive";

/**
 * Per-job cgroups (v1 memory and pids controllers) nested under this server process's own
 * cgroups, when the host lets us write there (as root). Each job gets its own group; the
 * sandbox's wrapper moves itself in before starting bwrap, so every process of the job is
 * counted from its first instruction. Without them the sandbox keeps its rlimits only.
 */
const V1_ROOT = "/sys/fs/cgroup";
let jobCounter = 0;

export interface CgroupSupport {
  memory: boolean;
  pids: boolean;
  cpu: boolean;
}

export interface CgroupOptions {
  /** CPU time each sandbox may use, in cores (cgroup v1 cpu.cfs_quota_us). */
  cpuCores?: number;
  /**
   * A file (in DATA_DIR, one per host: `cgroupRegistryFile`) naming the groups this server made:
   * the next server removes those of a server that died, wherever they are (each process may live
   * in another parent group).
   */
  registryFile?: string;
}

/**
 * This host's registry of groups in DATA_DIR. The data directory may be shared by the nodes of a
 * cluster (NFS) while cgroups are each host's own: one file per host, several server processes of
 * one host in it (told apart by pid and start time).
 */
export function cgroupRegistryFile(dataDir: string): string {
  return path.join(dataDir, `sandbox-cgroups-${os.hostname().replace(/[^A-Za-z0-9._-]/g, "_")}.json`);
}

/** The scheduler period the CPU quotas are a share of. */
const CPU_PERIOD_US = 100_000;

export interface JobCgroup {
  /** `cgroup.procs` files the job's first process must write its pid into. */
  procsFiles: string[];
  /** Which limit the kernel enforced (the OOM killer ran, or a fork was refused). */
  events(): { oomKilled: boolean; pidsLimitHit: boolean };
  /** Changes the limits (before the job starts); false when the kernel refuses. */
  setLimits(limits: { memoryBytes: number; maxProcesses: number }): boolean;
  /** Kills every process still in the job's groups and removes them. */
  destroy(): Promise<void>;
}

function ownGroup(controller: string): string | null {
  try {
    for (const line of fs.readFileSync("/proc/self/cgroup", "utf8").split("\n")) {
      const [, controllers, group] = line.split(":");
      if (controllers?.split(",").includes(controller) && group !== undefined)
        return path.join(V1_ROOT, controller, group);
    }
  } catch {}
  return null;
}

function writable(dir: string | null): dir is string {
  if (!dir) return false;
  try {
    fs.accessSync(path.join(dir, "cgroup.procs"), fs.constants.W_OK);
    const probe = path.join(dir, `neuroos-probe-${process.pid}`);
    fs.mkdirSync(probe);
    fs.rmdirSync(probe);
    return true;
  } catch {
    return false;
  }
}

/** When a process started (clock ticks since boot), to tell a reused pid from the original. */
function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

interface RegistryEntry {
  pid: number;
  start: string | null;
  bases: string[];
}

function readRegistry(file: string): RegistryEntry[] {
  try {
    const entries = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
    return Array.isArray(entries) ? (entries as RegistryEntry[]) : [];
  } catch {
    return [];
  }
}

/** Empties and removes a base folder (`neuroos-<pid>`) and its job groups. */
function removeBase(base: string): void {
  let jobs: fs.Dirent[] = [];
  try {
    jobs = fs.readdirSync(base, { withFileTypes: true });
  } catch {
    return;
  }
  for (const job of jobs) if (job.isDirectory()) removeNow(path.join(base, job.name));
  removeNow(base);
}

/**
 * Removes the groups of registered servers that are gone (dead, or their pid reused) and
 * registers this one's `bases`.
 */
function updateRegistry(file: string, bases: string[]): void {
  const kept: RegistryEntry[] = [];
  for (const entry of readRegistry(file)) {
    if (entry.pid === process.pid) continue;
    const alive = processAlive(entry.pid) && processStart(entry.pid) === entry.start;
    if (alive) kept.push(entry);
    else for (const base of entry.bases ?? []) if (/\/neuroos-\d+$/.test(base)) removeBase(base);
  }
  if (bases.length > 0) kept.push({ pid: process.pid, start: processStart(process.pid), bases });
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(kept));
  } catch {}
}

function readInts(file: string): number[] {
  try {
    return fs
      .readFileSync(file, "utf8")
      .split(/\s+/)
      .filter(Boolean)
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
  } catch {
    return [];
  }
}

function killGroup(dir: string): void {
  for (const pid of readInts(path.join(dir, "cgroup.procs"))) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {}
  }
}

async function removeGroup(dir: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    killGroup(dir);
    try {
      fs.rmdirSync(dir);
      return;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return;
      if (code !== "EBUSY") return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

const ownBases = new Set<string>();
let exitHookInstalled = false;

/** On exit: kill what is left in this process's job groups and remove them (synchronously). */
function removeOwnBasesNow(): void {
  for (const base of ownBases) removeBase(base);
}

/** Kills and removes a group, retrying for up to 200 ms while the kernel still holds it busy. */
function removeNow(dir: string): void {
  const deadline = Date.now() + 200;
  for (;;) {
    killGroup(dir);
    try {
      fs.rmdirSync(dir);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EBUSY" || Date.now() > deadline) return;
    }
  }
}

/** Job groups under `<own group>/neuroos-<pid>/` of the memory, pids and cpu controllers. */
export class Cgroups {
  readonly support: CgroupSupport;
  private readonly memoryBase: string | null;
  private readonly pidsBase: string | null;
  private readonly cpuBase: string | null;
  private readonly cpuCores: number;

  constructor(enabled = true, options: CgroupOptions = {}) {
    const base = (controller: string) => {
      const own = enabled ? ownGroup(controller) : null;
      return writable(own) ? path.join(own, `neuroos-${process.pid}`) : null;
    };
    this.memoryBase = base("memory");
    this.pidsBase = base("pids");
    this.cpuBase = base("cpu");
    this.cpuCores = options.cpuCores ?? 1;
    this.support = {
      memory: this.memoryBase !== null,
      pids: this.pidsBase !== null,
      cpu: this.cpuBase !== null,
    };
    const bases = [this.memoryBase, this.pidsBase, this.cpuBase].filter((b): b is string => b !== null);
    if (options.registryFile) updateRegistry(options.registryFile, bases);
    for (const dir of bases) {
      this.removeStale(path.dirname(dir));
      fs.mkdirSync(dir, { recursive: true });
      ownBases.add(dir);
    }
    // Every sandbox together leaves the server a core: sandboxes get (cores - 1), at least one.
    if (this.cpuBase) {
      const total = Math.max(1, os.availableParallelism() - 1);
      fs.writeFileSync(path.join(this.cpuBase, "cpu.cfs_period_us"), String(CPU_PERIOD_US));
      fs.writeFileSync(path.join(this.cpuBase, "cpu.cfs_quota_us"), String(total * CPU_PERIOD_US));
    }
    if (!exitHookInstalled && ownBases.size > 0) {
      exitHookInstalled = true;
      process.once("exit", removeOwnBasesNow);
    }
  }

  /** Groups left by a server process that died (SIGKILL) in the same parent are removed. */
  private removeStale(parent: string): void {
    for (const name of fs.readdirSync(parent)) {
      const match = /^neuroos-(\d+)$/.exec(name);
      if (!match || Number(match[1]) === process.pid || processAlive(Number(match[1]))) continue;
      removeBase(path.join(parent, name));
    }
  }

  /** A fresh group for one job, or null when the host offers no writable controller. */
  create(limits: { memoryBytes: number; maxProcesses: number }): JobCgroup | null {
    if (!this.memoryBase && !this.pidsBase && !this.cpuBase) return null;
    jobCounter += 1;
    const name = `job-${jobCounter}-${randomBytes(3).toString("hex")}`;
    const dirs: string[] = [];
    let memoryDir: string | null = null;
    let pidsDir: string | null = null;
    const setLimits = (l: { memoryBytes: number; maxProcesses: number }) => {
      if (memoryDir) {
        // With swap accounting, memory+swap gets the same cap: a job cannot swap its way past it.
        // (memsw must stay >= the memory limit: raise first, lower last.)
        const memsw = path.join(memoryDir, "memory.memsw.limit_in_bytes");
        const hasMemsw = fs.existsSync(memsw);
        const current = Number(readText(path.join(memoryDir, "memory.limit_in_bytes")));
        if (hasMemsw && l.memoryBytes > current) fs.writeFileSync(memsw, String(l.memoryBytes));
        fs.writeFileSync(path.join(memoryDir, "memory.limit_in_bytes"), String(l.memoryBytes));
        if (hasMemsw && l.memoryBytes <= current) fs.writeFileSync(memsw, String(l.memoryBytes));
      }
      if (pidsDir) fs.writeFileSync(path.join(pidsDir, "pids.max"), String(l.maxProcesses));
    };
    try {
      if (this.memoryBase) {
        memoryDir = path.join(this.memoryBase, name);
        fs.mkdirSync(memoryDir, { recursive: true }); // recreates the base if another instance removed it
        dirs.push(memoryDir);
      }
      if (this.pidsBase) {
        pidsDir = path.join(this.pidsBase, name);
        fs.mkdirSync(pidsDir, { recursive: true });
        dirs.push(pidsDir);
      }
      if (this.cpuBase) {
        const cpuDir = path.join(this.cpuBase, name);
        fs.mkdirSync(cpuDir, { recursive: true });
        dirs.push(cpuDir);
        fs.writeFileSync(path.join(cpuDir, "cpu.cfs_period_us"), String(CPU_PERIOD_US));
        fs.writeFileSync(
          path.join(cpuDir, "cpu.cfs_quota_us"),
          String(Math.round(this.cpuCores * CPU_PERIOD_US)),
        );
      }
      setLimits(limits);
    } catch (err) {
      for (const dir of dirs) void removeGroup(dir);
      throw err;
    }
    return {
      procsFiles: dirs.map((d) => path.join(d, "cgroup.procs")),
      events: () => ({
        oomKilled:
          memoryDir !== null && /^oom_kill [1-9]/m.test(readText(path.join(memoryDir, "memory.oom_control"))),
        pidsLimitHit: pidsDir !== null && /^max [1-9]/m.test(readText(path.join(pidsDir, "pids.events"))),
      }),
      setLimits: (l) => {
        try {
          setLimits(l);
          return true;
        } catch {
          return false;
        }
      },
      destroy: async () => {
        await Promise.all(dirs.map((d) => removeGroup(d)));
      },
    };
  }

  /** Removes this process's (empty) parent groups; called when the server closes. */
  close(): void {
    for (const base of [this.memoryBase, this.pidsBase, this.cpuBase]) {
      if (!base) continue;
      try {
        fs.rmdirSync(base);
      } catch {}
    }
  }
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
