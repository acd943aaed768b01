import { type ChildProcess, spawn } from "node:child_process";
import { slotScript } from "./bwrap";
import type { Cgroups, JobCgroup } from "./cgroups";

/** fds of a slot: 3 seccomp (opened by the script), 4 program file, 5 bwrap status, 6 control. */
export const FD = { seccomp: 3, data: 4, status: 5, control: 6 } as const;

export interface Slot {
  child: ChildProcess;
  cgroup: JobCgroup | null;
}

export interface SlotOptions {
  bwrap: string;
  cgroups: Cgroups;
  seccompFile: string | null;
  memoryBytes: number;
  maxProcesses: number;
}

/** The pipe of a child at `fd` (Node types only the first few). */
export function pipeAt(
  child: ChildProcess,
  fd: number,
): NodeJS.ReadableStream | NodeJS.WritableStream | null {
  return (child.stdio as unknown as (NodeJS.ReadableStream | NodeJS.WritableStream | null)[])[fd] ?? null;
}

/** Starts a slot: a shell in its own process group and cgroups, waiting for its job. */
export function spawnSlot(o: SlotOptions): Slot {
  const cgroup = o.cgroups.create({ memoryBytes: o.memoryBytes, maxProcesses: o.maxProcesses });
  const script = slotScript(
    cgroup?.procsFiles ?? [],
    FD.control,
    o.seccompFile ? { file: o.seccompFile, fd: FD.seccomp } : undefined,
  );
  const child = spawn("/bin/sh", ["-c", script, "sh", o.bwrap], {
    // bwrap's own processes show their environment in the sandbox's /proc/1/environ: keep it empty.
    env: { PATH: "/usr/bin:/bin" },
    cwd: "/",
    stdio: ["pipe", "pipe", "pipe", "ignore", "pipe", "pipe", "pipe"],
    detached: true,
  });
  child.on("error", () => {});
  for (const s of child.stdio) (s as NodeJS.EventEmitter | null)?.on("error", () => {});
  return { child, cgroup };
}

/**
 * Keeps `size` slots started ahead of jobs, so a job's start costs bwrap alone: creating
 * cgroups and moving a process into them (several ms each on cgroup v1) happens beforehand.
 */
export class WarmPool {
  private readonly ready: Slot[] = [];
  private closed = false;

  constructor(
    private readonly options: () => SlotOptions,
    private readonly size = 1,
  ) {}

  /** A slot for a job with these limits: a warm one when it matches and is alive, else a new one. */
  take(memoryBytes: number, maxProcesses: number): Slot {
    let slot = this.ready.shift();
    while (slot && (slot.child.exitCode !== null || slot.child.signalCode !== null)) {
      void slot.cgroup?.destroy(); // died while waiting (its cgroup could not be joined, ...)
      slot = this.ready.shift();
    }
    const base = this.options();
    const differs = base.memoryBytes !== memoryBytes || base.maxProcesses !== maxProcesses;
    if (slot?.cgroup && differs && !slot.cgroup.setLimits({ memoryBytes, maxProcesses })) {
      discard(slot);
      slot = undefined;
    }
    slot ??= spawnSlot({ ...base, memoryBytes, maxProcesses });
    return slot;
  }

  /** A slot started now, not from the pool. */
  fresh(memoryBytes: number, maxProcesses: number): Slot {
    return spawnSlot({ ...this.options(), memoryBytes, maxProcesses });
  }

  /** Starts slots up to the pool's size; call it after a job, off its critical path. */
  fill(): void {
    while (!this.closed && this.ready.length < this.size) this.ready.push(spawnSlot(this.options()));
  }

  close(): void {
    this.closed = true;
    for (const slot of this.ready.splice(0)) discard(slot);
  }
}

function discard(slot: Slot): void {
  (pipeAt(slot.child, FD.control) as NodeJS.WritableStream | null)?.end(); // end-of-file: the script exits
  try {
    if (slot.child.pid) process.kill(-slot.child.pid, "SIGKILL");
  } catch {}
  void slot.cgroup?.destroy();
}
