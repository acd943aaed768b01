import { parentPort } from "node:worker_threads";
import { type Job, type JobAnswer, type JobRequest, READY } from "./job";

/**
 * The worker side of the JobPool: runs each request with the job of its name, one at a time. It
 * talks to the pool through its thread's port, or a process's channel (it ends with the channel).
 */
export function serveJobs(jobs: Job<never, unknown>[]): void {
  const port = parentPort ?? processPort();
  if (!port) throw new Error("serveJobs runs inside a worker thread or a forked process");
  const byName = new Map(jobs.map((job) => [job.name, job]));
  port.on("message", async ({ id, name, input }: JobRequest) => {
    let answer: JobAnswer;
    try {
      const job = byName.get(name);
      if (!job) throw new Error(`This worker has no job named ${name}`);
      answer = { id, output: await job.run(input as never) };
    } catch (err) {
      const { message, status, code } = err as { message?: string; status?: unknown; code?: unknown };
      answer = {
        id,
        failure: {
          message: message ?? String(err),
          ...(typeof status === "number" && typeof code === "string" ? { status, code } : {}),
        },
      };
    }
    port.postMessage(answer);
  });
  port.postMessage(READY);
}

/** A forked process's channel to its parent, as a port; none when it was not forked. */
function processPort() {
  const send = process.send?.bind(process);
  if (!send) return null;
  process.on("disconnect", () => process.exit(0));
  return {
    postMessage: (message: unknown) => send(message),
    on: (event: "message", listener: (request: JobRequest) => void) => process.on(event, listener),
  };
}
