import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { ErrorCode } from "@neuroos/contracts";
import { AppError } from "../http/errors";
import { type Job, type JobAnswer, type JobRequest, JobStopped, READY } from "./job";

export interface PoolLimits {
  /** Worker threads at most; jobs beyond wait for one in turn. */
  workers: number;
  /** Wall time a job may run before its worker is terminated. */
  timeoutMs: number;
  /** Heap (old generation) a worker may use; past it the worker dies, not the server. */
  memoryMb: number;
}

/** A small pool sized to the cores: the event loop keeps one, the jobs share the others. */
export const defaultPoolLimits: PoolLimits = {
  workers: Math.min(4, Math.max(2, availableParallelism() - 1)),
  timeoutMs: 20_000,
  memoryMb: 512,
};

/**
 * The worker entry: `src/worker.ts` beside the sources (tests, tsx), `worker.js` beside the
 * bundle's `main.js` (apps/server/build.mjs builds both).
 */
const defaultEntry = new URL(
  import.meta.url.endsWith(".ts") ? "../worker.ts" : "./worker.js",
  import.meta.url,
);

/** A TypeScript entry loads through tsx's ESM hooks, registered inside the worker first. */
function bootstrap(entry: URL): URL {
  if (!entry.pathname.endsWith(".ts")) return entry;
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx/package.json"));
  const api = new URL("./dist/esm/api/index.mjs", tsx).href;
  const code = `const { register } = await import(${JSON.stringify(api)}); register(); await import(${JSON.stringify(entry.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

/**
 * Runs heavy work on a person's input off the event loop: each job in a worker thread with a
 * heap limit and a wall-time limit. A job over either is stopped with its worker (JobStopped);
 * the other workers and the server go on, and a fresh worker takes the next job.
 */
export class JobPool {
  private readonly idle: Worker[] = [];
  private readonly waiting: { resolve: (worker: Worker) => void; reject: (err: unknown) => void }[] = [];
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
    const workers = this.idle.splice(0);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private runOn(worker: Worker, request: JobRequest): Promise<unknown> {
    return new Promise((resolve, reject) => {
      let memory = false;
      const done = () => {
        clearTimeout(timer);
        worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      };
      const onMessage = (answer: JobAnswer) => {
        if (answer.id !== request.id) return;
        done();
        if ("output" in answer) return resolve(answer.output);
        const { message, status, code } = answer.failure;
        reject(status && code ? new AppError(status, code as ErrorCode, message) : new Error(message));
      };
      const onError = (err: Error & { code?: string }) => {
        memory ||= err.code === "ERR_WORKER_OUT_OF_MEMORY";
      };
      const onExit = () => {
        done();
        reject(new JobStopped(memory ? "memory" : "crash"));
      };
      const timer = setTimeout(() => {
        done();
        void worker.terminate();
        reject(new JobStopped("time"));
      }, this.limits.timeoutMs);
      worker.on("message", onMessage).on("error", onError).on("exit", onExit);
      worker.ref();
      worker.postMessage(request);
    });
  }

  /** An idle worker, a new one while under the limit, or the next one given back. */
  private take(): Promise<Worker> {
    if (this.closed) return Promise.reject(new Error("The job pool is closed"));
    const worker = this.idle.pop();
    if (worker) return Promise.resolve(worker);
    if (this.live < this.limits.workers) return this.spawn();
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  private give(worker: Worker): void {
    const next = this.waiting.shift();
    if (next) {
      next.resolve(worker);
      return;
    }
    worker.unref();
    if (this.closed) void worker.terminate();
    else this.idle.push(worker);
  }

  private discard(worker: Worker): void {
    this.live -= 1;
    void worker.terminate();
    const next = this.waiting.shift();
    if (next) this.spawn().then(next.resolve, next.reject);
  }

  /** A new worker, once it has loaded its jobs (a job's time starts when its worker is ready). */
  private spawn(): Promise<Worker> {
    this.live += 1;
    const worker = new Worker(bootstrap(this.entry), {
      resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb, maxYoungGenerationSizeMb: 32 },
    });
    // A worker's uncaught error (loading, or idle) must not throw in the server: its exit follows,
    // which the handlers here and the running job's own handle.
    worker.on("error", () => {});
    // An idle worker that dies (it should not) leaves the pool; the next job gets a fresh one.
    worker.on("exit", () => {
      const at = this.idle.indexOf(worker);
      if (at >= 0) {
        this.idle.splice(at, 1);
        this.live -= 1;
      }
    });
    return new Promise((resolve, reject) => {
      const onReady = (message: unknown) => {
        if (message !== READY) return;
        worker.off("message", onReady).off("exit", onExit);
        resolve(worker);
      };
      const onExit = () => {
        this.live -= 1;
        reject(new JobStopped("crash"));
      };
      worker.on("message", onReady).once("exit", onExit);
    });
  }
}
