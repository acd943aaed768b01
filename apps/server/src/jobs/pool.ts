import { availableParallelism } from "node:os";
import type { ErrorCode } from "@neuroos/contracts";
import { AppError } from "../http/errors";
import { type Isolation, type JobHost, startHost } from "./hosts";
import { type Job, type JobAnswer, type JobRequest, JobStopped, READY, type StopReason } from "./job";

export interface PoolLimits {
  /** Worker threads at most; jobs beyond wait for one in turn. */
  workers: number;
  /** Wall time a job may run before its worker is terminated. */
  timeoutMs: number;
  /** Heap (old generation) a worker may use; past it the worker dies, not the server (a process: all it holds). */
  memoryMb: number;
  /** Worker threads (the default) or processes of their own. */
  isolation?: Isolation;
  /** A worker unused this long is stopped (its memory given back); none: kept. */
  idleMs?: number;
}

/** A small pool sized to the cores: the event loop keeps one, the jobs share the others. */
export const defaultPoolLimits: PoolLimits = {
  workers: Math.min(4, Math.max(2, availableParallelism() - 1)),
  timeoutMs: 20_000,
  memoryMb: 512,
};

/**
 * The worker entry: `src/worker.ts` beside the sources (tests, tsx), `worker.js` beside the
 * bundle's `main.js` (apps/server/build.mjs builds both). A thread and a process run it alike.
 */
const defaultEntry = new URL(
  import.meta.url.endsWith(".ts") ? "../worker.ts" : "./worker.js",
  import.meta.url,
);

/**
 * Runs heavy work on a person's input off the event loop: each job in a worker (a thread, or a
 * process) with a memory limit and a wall-time limit. A job over either is stopped with its worker (JobStopped);
 * the other workers and the server go on, and a fresh worker takes the next job.
 */
export class JobPool {
  private readonly idle: JobHost[] = [];
  private readonly idleTimers = new Map<JobHost, NodeJS.Timeout>();
  private readonly waiting: { resolve: (worker: JobHost) => void; reject: (err: unknown) => void }[] = [];
  private live = 0;
  private nextId = 0;
  private closed = false;

  constructor(
    private readonly limits: PoolLimits = defaultPoolLimits,
    private readonly entry: URL = defaultEntry,
  ) {}

  async run<I, O>(job: Job<I, O>, input: I): Promise<O> {
    const worker = await this.take();
    try {
      const output = (await this.runOn(worker, { id: this.nextId++, name: job.name, input })) as O;
      this.give(worker);
      return output;
    } catch (err) {
      if (err instanceof JobStopped) this.discard(worker);
      else this.give(worker);
      throw err;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    const workers = this.idle.splice(0);
    await Promise.all(workers.map((worker) => worker.stop()));
  }

  private runOn(worker: JobHost, request: JobRequest): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.events.off("message", onMessage).off("exit", onExit);
      };
      const onMessage = (answer: JobAnswer) => {
        if (answer.id !== request.id) return;
        done();
        if ("output" in answer) return resolve(answer.output);
        const { message, status, code } = answer.failure;
        reject(status && code ? new AppError(status, code as ErrorCode, message) : new Error(message));
      };
      const onExit = (reason: StopReason) => {
        done();
        reject(new JobStopped(reason));
      };
      const timer = setTimeout(() => {
        done();
        void worker.stop();
        reject(new JobStopped("time"));
      }, this.limits.timeoutMs);
      worker.events.on("message", onMessage).on("exit", onExit);
      worker.hold(true);
      worker.post(request);
    });
  }

  /** An idle worker, a new one while under the limit, or the next one given back. */
  private take(): Promise<JobHost> {
    if (this.closed) return Promise.reject(new Error("The job pool is closed"));
    const worker = this.idle.pop();
    if (worker) {
      clearTimeout(this.idleTimers.get(worker));
      this.idleTimers.delete(worker);
      return Promise.resolve(worker);
    }
    if (this.live < this.limits.workers) return this.spawn();
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  private give(worker: JobHost): void {
    const next = this.waiting.shift();
    if (next) {
      next.resolve(worker);
      return;
    }
    worker.hold(false);
    if (this.closed) void worker.stop();
    else {
      this.idle.push(worker);
      if (this.limits.idleMs !== undefined)
        this.idleTimers.set(worker, this.retireLater(worker, this.limits.idleMs));
    }
  }

  /** Workers running now, busy or idle. */
  get size(): number {
    return this.live;
  }

  /** Stops an idle worker once `ms` have passed unused. */
  private retireLater(worker: JobHost, ms: number): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.idleTimers.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at < 0) return;
      this.idle.splice(at, 1);
      this.live -= 1;
      void worker.stop();
    }, ms);
    timer.unref();
    return timer;
  }

  private discard(worker: JobHost): void {
    this.live -= 1;
    void worker.stop();
    const next = this.waiting.shift();
    if (next) this.spawn().then(next.resolve, next.reject);
  }

  /** A new worker, once it has loaded its jobs (a job's time starts when its worker is ready). */
  private spawn(): Promise<JobHost> {
    this.live += 1;
    const { isolation = "thread", memoryMb } = this.limits;
    const worker = startHost(this.entry, isolation, memoryMb);
    // An idle worker that dies (it should not) leaves the pool; the next job gets a fresh one.
    worker.events.on("exit", () => {
      const at = this.idle.indexOf(worker);
      if (at >= 0) {
        this.idle.splice(at, 1);
        this.live -= 1;
      }
    });
    return new Promise((resolve, reject) => {
      const onReady = (message: unknown) => {
        if (message !== READY) return;
        worker.events.off("message", onReady).off("exit", onExit);
        resolve(worker);
      };
      const onExit = () => {
        this.live -= 1;
        reject(new JobStopped("crash"));
      };
      worker.events.on("message", onReady).once("exit", onExit);
    });
  }
}
