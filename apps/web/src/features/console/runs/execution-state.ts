import type { ServerFrame } from "@neuroos/contracts";

/** Output kept per code block; beyond it the start is kept and a notice added. */
export const MAX_BLOCK_OUTPUT = 100_000;
export const OUTPUT_CUT_NOTICE = "\n[output cut: too long to show]";

export type RunStatus = "pending" | "running" | "succeeded" | "failed";

/** What a code block's Run produced. */
export interface BlockRun {
  executionId: string | null;
  output: string;
  status: RunStatus;
  exitCode: number | null;
  durationMs: number | null;
  error: string | null;
}

/** Product spec section 4: executing from execution_start (its id and start time) to result or error. */
export interface ActiveExecution {
  executionId: string;
  sessionId: string;
  startedAt: number;
  blockKey: string | null;
}

export interface ExecutionState {
  active: ActiveExecution | null;
  /** Runs asked for and not started yet, oldest first; the server echoes each requestId. */
  queue: { requestId: string; blockKey: string; sessionId: string }[];
  runs: Record<string, BlockRun>;
  /** executionId -> block key. */
  blockOf: Record<string, string>;
}

export const initialExecutionState: ExecutionState = { active: null, queue: [], runs: {}, blockOf: {} };

export type ExecutionAction =
  | { type: "requested"; requestId: string; blockKey: string; sessionId: string }
  | { type: "send_failed"; blockKey: string; error: string }
  | { type: "frame"; frame: ServerFrame; now: number }
  | { type: "connection_lost" };

const newRun = (): BlockRun => ({
  executionId: null,
  output: "",
  status: "pending",
  exitCode: null,
  durationMs: null,
  error: null,
});

function appendOutput(current: string, data: string): string {
  if (current.length >= MAX_BLOCK_OUTPUT) return current;
  const next = current + data;
  return next.length > MAX_BLOCK_OUTPUT ? next.slice(0, MAX_BLOCK_OUTPUT) + OUTPUT_CUT_NOTICE : next;
}

function updateRun(
  state: ExecutionState,
  key: string | undefined,
  change: Partial<BlockRun>,
): ExecutionState {
  if (!key) return state;
  const run = state.runs[key];
  if (!run) return state;
  return { ...state, runs: { ...state.runs, [key]: { ...run, ...change } } };
}

function endActive(state: ExecutionState, executionId: string): ExecutionState {
  return state.active?.executionId === executionId ? { ...state, active: null } : state;
}

export function executionReducer(state: ExecutionState, action: ExecutionAction): ExecutionState {
  switch (action.type) {
    case "requested":
      return {
        ...state,
        queue: [
          ...state.queue,
          { requestId: action.requestId, blockKey: action.blockKey, sessionId: action.sessionId },
        ],
        runs: { ...state.runs, [action.blockKey]: newRun() },
      };
    case "send_failed":
      return updateRun(
        { ...state, queue: state.queue.filter((q) => q.blockKey !== action.blockKey) },
        action.blockKey,
        { status: "failed", error: action.error },
      );
    case "connection_lost": {
      // Results published while the socket was down are not replayed: say so instead of spinning.
      const runs = { ...state.runs };
      for (const [key, run] of Object.entries(runs)) {
        if (run.status === "pending" || run.status === "running") {
          runs[key] = {
            ...run,
            status: "failed",
            error: "The connection dropped while this ran: see the execution log.",
          };
        }
      }
      return { ...state, active: null, queue: [], runs };
    }
    case "frame":
      return applyFrame(state, action.frame, action.now);
  }
}

function applyFrame(state: ExecutionState, frame: ServerFrame, now: number): ExecutionState {
  switch (frame.type) {
    case "execution_start": {
      // A run of an app's screen (outside any session) is not the console's.
      if (frame.sessionId === undefined) return state;
      // A run another tab or the agent started has no request here: tracked, tied to no block.
      const at = frame.requestId ? state.queue.findIndex((q) => q.requestId === frame.requestId) : -1;
      const request = at >= 0 ? state.queue[at] : undefined;
      const next: ExecutionState = {
        ...state,
        active: {
          executionId: frame.executionId,
          sessionId: frame.sessionId,
          startedAt: now,
          blockKey: request?.blockKey ?? null,
        },
        queue: at >= 0 ? state.queue.filter((_, i) => i !== at) : state.queue,
      };
      if (!request) return next;
      return updateRun(
        { ...next, blockOf: { ...next.blockOf, [frame.executionId]: request.blockKey } },
        request.blockKey,
        { executionId: frame.executionId, status: "running" },
      );
    }
    case "execution_output": {
      const key = state.blockOf[frame.executionId];
      const run = key ? state.runs[key] : undefined;
      return run ? updateRun(state, key, { output: appendOutput(run.output, frame.data) }) : state;
    }
    case "execution_result": {
      const { result } = frame;
      const key = state.blockOf[frame.executionId];
      const run = key ? state.runs[key] : undefined;
      const output =
        result.output.length >= (run?.output.length ?? 0) ? appendOutput("", result.output) : run?.output;
      return updateRun(endActive(state, frame.executionId), key, {
        output: output ?? "",
        status: result.success ? "succeeded" : "failed",
        exitCode: result.exitCode,
        durationMs: result.durationMs,
      });
    }
    case "execution_error":
      return updateRun(endActive(state, frame.executionId), state.blockOf[frame.executionId], {
        status: "failed",
        error: frame.error,
      });
    case "error": {
      // A refused run answers with an error frame naming its request, and never starts.
      const refused = state.queue.find((q) => q.requestId === frame.requestId);
      if (!refused) return state;
      const queue = state.queue.filter((q) => q !== refused);
      return updateRun({ ...state, queue }, refused.blockKey, { status: "failed", error: frame.message });
    }
    default:
      return state;
  }
}

/** Whether the session has code running (Run and Execute are disabled meanwhile). */
export function isExecuting(state: ExecutionState, sessionId: string | null): boolean {
  if (!sessionId) return false;
  return state.active?.sessionId === sessionId || state.queue.some((q) => q.sessionId === sessionId);
}
