import type { ClientFrame } from "@neuroos/contracts";
import type { LiveChannel } from "@/lib/live/live-channel";
import type { Store } from "@/lib/store";
import { type ActivityEntry, runEntry } from "../panels/activity";
import { pushActivity } from "../panels/use-activity-frames";
import { type ExecutionState, executionReducer } from "./execution-state";

type RunFrame = Extract<ClientFrame, { type: "code_execution" | "terminal_command" }>;

let counter = 0;

/**
 * Asks the server to run code or a command for the block `blockKey`: the run waits for the
 * execution_start that echoes its requestId (or the error frame naming it).
 */
export function requestRun(
  stores: { channel: LiveChannel; executions: Store<ExecutionState>; activity: Store<ActivityEntry[]> },
  blockKey: string,
  frame: RunFrame,
): boolean {
  counter += 1;
  const requestId = `run-${Date.now().toString(36)}-${counter}`;
  const { channel, executions, activity } = stores;
  executions.set((s) =>
    executionReducer(s, { type: "requested", requestId, blockKey, sessionId: frame.sessionId }),
  );
  const isCommand = frame.type === "terminal_command";
  pushActivity(
    activity,
    runEntry(isCommand ? frame.command : frame.code, isCommand ? "bash" : frame.language),
  );
  if (channel.send({ ...frame, requestId })) return true;
  executions.set((s) =>
    executionReducer(s, { type: "send_failed", blockKey, error: "Not connected to the server." }),
  );
  return false;
}
