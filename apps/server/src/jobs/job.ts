/**
 * A named piece of heavy work on a person's input (an export, a parse), run by the JobPool in a
 * worker thread: its input and output cross threads by structured clone (Buffers arrive as
 * Uint8Array). The worker entry (`src/worker.ts`) lists the jobs it serves.
 */
export interface Job<I, O> {
  readonly name: string;
  readonly run: (input: I) => O | Promise<O>;
}

export function defineJob<I, O>(name: string, run: (input: I) => O | Promise<O>): Job<I, O> {
  return { name, run };
}

/** Why the pool stopped a job: it ran past its time, past its memory, or its worker died. */
export type StopReason = "time" | "memory" | "crash";

/** A job the pool stopped; the worker it ran in is gone, the pool serves on with a fresh one. */
export class JobStopped extends Error {
  constructor(readonly reason: StopReason) {
    super(
      reason === "time"
        ? "The job ran past its time limit and was stopped"
        : reason === "memory"
          ? "The job needed more memory than it may use and was stopped"
          : "The job's worker stopped unexpectedly",
    );
  }
}

/** What crosses back from a worker when a job throws: an AppError keeps its status and code. */
export interface JobFailure {
  message: string;
  status?: number;
  code?: string;
}

/** The messages between the pool and a worker: READY once its jobs are loaded, then answers. */
export const READY = "ready";
export type JobRequest = { id: number; name: string; input: unknown };
export type JobAnswer = { id: number; output: unknown } | { id: number; failure: JobFailure };
