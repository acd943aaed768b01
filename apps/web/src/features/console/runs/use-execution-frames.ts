import { useEffect } from "react";
import type { LiveChannel } from "@/lib/live/live-channel";
import type { Store } from "@/lib/store";
import { type ExecutionState, executionReducer } from "./execution-state";

/** Feeds execution frames to the execution state. */
export function useExecutionFrames(channel: LiveChannel, executions: Store<ExecutionState>) {
  useEffect(
    () =>
      channel.onFrame((frame) => {
        switch (frame.type) {
          case "execution_start":
          case "execution_output":
          case "execution_result":
          case "execution_error":
          case "error":
            executions.set((state) => executionReducer(state, { type: "frame", frame, now: Date.now() }));
            return;
          default:
            return;
        }
      }),
    [channel, executions],
  );

  useEffect(() => {
    let opens = channel.status.get().opens;
    return channel.status.subscribe(() => {
      const { opens: now } = channel.status.get();
      if (now === opens) return;
      const reconnected = opens > 0;
      opens = now;
      if (reconnected) executions.set((state) => executionReducer(state, { type: "connection_lost" }));
    });
  }, [channel, executions]);
}
