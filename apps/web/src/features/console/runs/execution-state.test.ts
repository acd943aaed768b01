import type { ServerFrame } from "@neuroos/contracts";
import { describe, expect, it } from "vitest";
import { type ExecutionState, executionReducer, initialExecutionState, isExecuting } from "./execution-state";

const frame = (f: ServerFrame, now = 1000) => ({ type: "frame" as const, frame: f, now });

function run(...actions: Parameters<typeof executionReducer>[1][]): ExecutionState {
  return actions.reduce(executionReducer, initialExecutionState);
}

describe("execution state", () => {
  it("binds a run to its block, streams output and ends on the result", () => {
    let state = run({ type: "requested", requestId: "r1", blockKey: "m1:0", sessionId: "s" });
    expect(isExecuting(state, "s")).toBe(true);
    expect(state.runs["m1:0"]?.status).toBe("pending");
    state = executionReducer(
      state,
      frame({ type: "execution_start", sessionId: "s", executionId: "e1", requestId: "r1" }, 5000),
    );
    expect(state.active).toEqual({ executionId: "e1", sessionId: "s", startedAt: 5000, blockKey: "m1:0" });
    state = executionReducer(
      state,
      frame({ type: "execution_output", sessionId: "s", executionId: "e1", stream: "stdout", data: "hel" }),
    );
    state = executionReducer(
      state,
      frame({ type: "execution_output", sessionId: "s", executionId: "e1", stream: "stdout", data: "lo\n" }),
    );
    expect(state.runs["m1:0"]?.output).toBe("hello\n");
    state = executionReducer(
      state,
      frame({
        type: "execution_result",
        sessionId: "s",
        executionId: "e1",
        result: { output: "hello\n", success: true, exitCode: 0, durationMs: 42 },
      }),
    );
    expect(state.active).toBeNull();
    expect(isExecuting(state, "s")).toBe(false);
    expect(state.runs["m1:0"]).toMatchObject({
      status: "succeeded",
      exitCode: 0,
      durationMs: 42,
      output: "hello\n",
    });
  });

  it("marks failures: execution errors, refused runs and a dropped connection", () => {
    let state = run(
      { type: "requested", requestId: "ra", blockKey: "a", sessionId: "s" },
      frame({ type: "execution_start", sessionId: "s", executionId: "e1", requestId: "ra" }),
      frame({ type: "execution_error", sessionId: "s", executionId: "e1", error: "sandbox down" }),
    );
    expect(state.runs.a).toMatchObject({ status: "failed", error: "sandbox down" });
    expect(state.active).toBeNull();

    state = executionReducer(state, { type: "requested", requestId: "rb", blockKey: "b", sessionId: "s" });
    state = executionReducer(state, { type: "requested", requestId: "rb2", blockKey: "b2", sessionId: "s" });
    // An error that names no request (another frame's) leaves the runs alone.
    state = executionReducer(state, frame({ type: "error", code: "invalid_frame", message: "Bad frame" }));
    expect(state.queue).toHaveLength(2);
    state = executionReducer(
      state,
      frame({ type: "error", code: "rate_limited", message: "Too many jobs", requestId: "rb2" }),
    );
    expect(state.runs.b2).toMatchObject({ status: "failed", error: "Too many jobs" });
    expect(state.runs.b?.status).toBe("pending");
    state = executionReducer(
      state,
      frame({ type: "error", code: "not_found", message: "No such session", requestId: "rb" }),
    );
    expect(state.runs.b).toMatchObject({ status: "failed", error: "No such session" });
    expect(state.queue).toEqual([]);

    state = executionReducer(state, { type: "requested", requestId: "rc", blockKey: "c", sessionId: "s" });
    state = executionReducer(
      state,
      frame({ type: "execution_start", sessionId: "s", executionId: "e3", requestId: "rc" }),
    );
    state = executionReducer(state, { type: "connection_lost" });
    expect(state.runs.c?.status).toBe("failed");
    expect(state.active).toBeNull();
  });

  it("tracks runs it did not start (another tab, the agent) without a block", () => {
    const state = run(
      { type: "requested", requestId: "mine", blockKey: "k", sessionId: "s" },
      frame({ type: "execution_start", sessionId: "s", executionId: "x", requestId: "another-tab" }),
    );
    expect(isExecuting(state, "s")).toBe(true);
    expect(isExecuting(state, "other")).toBe(false);
    expect(state.active?.blockKey).toBeNull();
    // The own request still waits for its start.
    expect(state.runs.k?.status).toBe("pending");
    expect(state.queue.map((q) => q.requestId)).toEqual(["mine"]);
  });
});
