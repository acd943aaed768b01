import { fork } from "node:child_process";
import { EventEmitter } from "node:events";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { JobRequest, StopReason } from "./job";

/**
 * Where a pool's jobs run: a worker thread of this process (cheap; for pure JavaScript), or a
 * process of its own (for native code that is not safe in several threads of one process, such as
 * onnxruntime: loaded in two threads it aborts the whole server).
 */
export type Isolation = "thread" | "process";

/**
 * One worker of a pool. `events` emits "message" (what the worker sent) and "exit" (a StopReason:
 * past its memory, or died) once it has ended.
 */
export interface JobHost {
  readonly events: EventEmitter;
  post(request: JobRequest): void;
  stop(): Promise<void>;
  /** Whether the host keeps the server's process alive (while a job runs on it). */
  hold(held: boolean): void;
}

export function startHost(entry: URL, isolation: Isolation, memoryMb: number): JobHost {
  return isolation === "process" ? processHost(entry, memoryMb) : threadHost(entry, memoryMb);
}

/** A worker thread with a heap limit (past it the thread dies, not the server). */
function threadHost(entry: URL, memoryMb: number): JobHost {
  const events = new EventEmitter();
  const worker = new Worker(withTypeScript(entry), {
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 32 },
  });
  let memory = false;
  worker.on("message", (message) => events.emit("message", message));
  // A worker's uncaught error must not throw in the server: its exit follows.
  worker.on("error", (err: Error & { code?: string }) => {
    memory ||= err.code === "ERR_WORKER_OUT_OF_MEMORY";
  });
  worker.on("exit", () => events.emit("exit", memory ? "memory" : "crash"));
  return {
    events,
    post: (request) => worker.postMessage(request),
    stop: async () => {
      await worker.terminate();
    },
    hold: (held) => (held ? worker.ref() : worker.unref()),
  };
}

/** How often a process's resident memory is looked at. */
const MEMORY_CHECK_MS = 100;

/**
 * A child process, its messages structured-cloned (typed arrays cross as they are). Its memory
 * is bounded twice: the heap by V8 (past it the process aborts), everything it holds (native
 * code's too) by a watch of its resident size, which kills it once it has grown `memoryMb` past
 * what it held when it got its first job.
 */
function processHost(entry: URL, memoryMb: number): JobHost {
  const events = new EventEmitter();
  const child = fork(fileURLToPath(entry), [], {
    execArgv: [
      ...(entry.pathname.endsWith(".ts") ? ["--import", tsxLoader()] : []),
      `--max-old-space-size=${memoryMb}`,
    ],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let memory = false;
  /** Its resident size once it first got work (node and its jobs' code loaded): what it grows past it counts. */
  let baseMb: number | undefined;
  const residentMb = async () => {
    const statm = await readFile(`/proc/${child.pid}/statm`, "utf8").catch(() => "");
    return (Number(statm.split(" ")[1]) * 4096) / 2 ** 20 || 0;
  };
  const watch = setInterval(async () => {
    if (baseMb !== undefined && (await residentMb()) > baseMb + memoryMb) {
      memory = true;
      child.kill("SIGKILL");
    }
  }, MEMORY_CHECK_MS);
  watch.unref();
  let ended = false;
  const end = (reason: StopReason) => {
    if (ended) return;
    ended = true;
    clearInterval(watch);
    events.emit("exit", reason);
  };
  child.on("message", (message) => events.emit("message", message));
  child.on("error", () => end("crash")); // it could not be started
  // V8 aborts a process past its heap limit.
  child.on("exit", (_code, signal) => end(memory || signal === "SIGABRT" ? "memory" : "crash"));
  const exited = new Promise<void>((resolve) => events.once("exit", () => resolve()));
  return {
    events,
    post: (request) => {
      child.send(request);
      if (baseMb === undefined) void residentMb().then((mb) => (baseMb ??= mb));
    },
    stop: async () => {
      child.kill("SIGKILL");
      await exited;
    },
    hold: (held) => {
      if (held) {
        child.ref();
        child.channel?.ref();
      } else {
        child.unref();
        child.channel?.unref();
      }
    },
  };
}

/** tsx's loader, for a TypeScript entry (tests, tsx). */
const tsxLoader = () => pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

/**
 * A worker thread's entry: a TypeScript one loads through tsx's ESM hooks, registered inside the
 * thread first; a bundle's is used as it is.
 */
function withTypeScript(entry: URL): URL {
  if (!entry.pathname.endsWith(".ts")) return entry;
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx/package.json"));
  const api = new URL("./dist/esm/api/index.mjs", tsx).href;
  const code = `const { register } = await import(${JSON.stringify(api)}); register(); await import(${JSON.stringify(entry.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}
