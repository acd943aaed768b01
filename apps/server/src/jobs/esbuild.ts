import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { promisify } from "node:util";
import { stop, transform } from "esbuild";

/**
 * Memory esbuild's service may take beyond what it has once started (Go reserves about 1.3 GB of
 * address space at start; a program of the IDE compiles in a few tens of MB). Code nested 200,000
 * deep grew it to 1.06 GB before its stack overflowed, 4.9 s of a core; under this bound it dies
 * at about 140 MB in 0.5 s, and the next call gets a fresh service.
 */
export const ESBUILD_MEMORY_BYTES = 512 * 1024 * 1024;

/**
 * esbuild answers every call of the process from one service (its Go binary). Code nested very
 * deep (arrays 200,000 levels deep, a long chain of `!`) overflows its parser's stack and the
 * service dies: every call after it would fail too ('The service is no longer running'), for
 * every person, until the server restarts. `compileWithEsbuild` stops the dead service, so the
 * next call starts a fresh one. Who killed it is known only of a call that ran alone: that one is
 * told so in words (its code is the cause). Calls that shared the service when it died are tried
 * again one at a time, each alone on a fresh service (new calls wait meanwhile), so one person's
 * code never fails another's compile.
 */
export async function compileWithEsbuild<T>(
  call: () => Promise<T>,
  options: { timeoutMs?: number } = {},
): Promise<T> {
  const { timeoutMs = ESBUILD_TIMEOUT_MS } = options;
  await gate;
  let outcome = await once(call, timeoutMs);
  for (let retry = 0; !outcome.ok && outcome.shared && retry < ALONE_TRIES; retry += 1)
    outcome = await alone(() => once(call, timeoutMs));
  if (outcome.ok) return outcome.value;
  throw outcome.error;
}

/** Times a call that died with others is tried alone (others' compiles may still overlap it). */
const ALONE_TRIES = 3;

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown; shared: boolean };

/** The calls on the service now; each learns whether another ran beside it. */
const active = new Set<{ shared: boolean }>();
/** New calls wait for this while a call runs alone. */
let gate: Promise<void> = Promise.resolve();
/** Calls to run alone, one after another. */
let aloneQueue: Promise<unknown> = Promise.resolve();

/** One try of `call`: its value, or its error and whether the service died while others ran too. */
async function once<T>(call: () => Promise<T>, timeoutMs: number): Promise<Outcome<T>> {
  const me = { shared: active.size > 0 };
  for (const other of active) other.shared = true;
  active.add(me);
  let seen = generation;
  try {
    await bounded();
    seen = generation; // the service the call runs on
    return { ok: true, value: await withinTime(call(), timeoutMs, () => restart(seen)) };
  } catch (err) {
    const message = String((err as Error).message);
    const died =
      message.includes("The service was stopped") || message.includes("The service is no longer running");
    if (err instanceof CompilerStopped || !died) return { ok: false, error: err, shared: false };
    restart(seen);
    await restarting;
    return { ok: false, error: new CompilerStopped(), shared: me.shared };
  } finally {
    active.delete(me);
  }
}

/** Runs `fn` once the calls in flight are done, with new calls held until it ends. */
function alone<T>(fn: () => Promise<T>): Promise<T> {
  const turn = aloneQueue.then(async () => {
    let open = () => {};
    gate = new Promise((resolve) => {
      open = resolve;
    });
    try {
      while (active.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      return await fn();
    } finally {
      open();
    }
  });
  aloneQueue = turn.catch(() => {});
  return turn;
}

/** How long one compile may take; past it the service is stopped (the others' calls are tried again on a fresh one). */
export const ESBUILD_TIMEOUT_MS = 20_000;

/** `work`'s answer, or CompilerStopped once `ms` have passed (`onLate` is called then). */
async function withinTime<T>(work: Promise<T>, ms: number, onLate: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      work.catch(() => {}); // it fails when the service stops
      onLate();
      reject(new CompilerStopped());
    }, ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Stops the service calls of generation `seen` ran on, once: the first call to see it dead (or
 * to run out of time on it) stops it; the others wait for that, and never stop the fresh service
 * a retry has started meanwhile.
 */
function restart(seen: number): void {
  if (seen !== generation) return;
  generation += 1;
  restarting = stop();
  started = null;
  limited.clear(); // a fresh service may get a pid seen before
}

/** Which esbuild service calls run on now (one more each time a dead one is stopped). */
let generation = 0;
let restarting: Promise<void> = Promise.resolve();
/** The current service started and its memory bounded (null: not yet, or stopped since). */
let started: Promise<void> | null = null;
const limited = new Set<number>();

/** Starts esbuild's service (an empty transform) and bounds the memory of the service process. */
function bounded(): Promise<void> {
  started ??= restarting
    .then(() => transform(""))
    .then(() => boundServices().catch(() => {}))
    .catch((err: unknown) => {
      started = null;
      throw err;
    });
  return started;
}

/**
 * Bounds the address space of this process's esbuild services (its child processes named
 * esbuild, each bounded once) to what they use now plus ESBUILD_MEMORY_BYTES, with util-linux's
 * prlimit. Where there is no /proc or no prlimit, they are left as they are.
 */
async function boundServices(): Promise<void> {
  for (const pid of (await fs.readdir("/proc")).filter((name) => /^\d+$/.test(name)).map(Number)) {
    if (limited.has(pid)) continue;
    const status = await fs.readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
    const field = (name: string) => status.match(new RegExp(`^${name}:\\s+(\\S+)`, "m"))?.[1];
    const usedBytes = Number(field("VmSize")) * 1024; // none for a service that is ending
    if (field("Name") !== "esbuild" || Number(field("PPid")) !== process.pid || !(usedBytes > 0)) continue;
    const limit = `--as=${usedBytes + ESBUILD_MEMORY_BYTES}`;
    await promisify(execFile)("prlimit", ["--pid", String(pid), limit]).then(
      () => limited.add(pid),
      () => {}, // it ended meanwhile
    );
  }
}

/** The compiler died on this code, or ran out of time (it is nested too deeply or too large); the next run has a fresh one. */
export class CompilerStopped extends Error {
  constructor() {
    super("This code is nested too deeply or is too large to compile. Simplify it and run it again.");
  }
}
