import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { filesKeys } from "../../lib/resources/files";
import type { Store } from "../../lib/store";
import { type ExecutionState, executionReducer } from "./execution-state";
import type { LiveChannel } from "./live-channel";

/** Feeds execution frames to the execution state; a finished run may have changed files. */
export function useExecutionFrames(channel: LiveChannel, executions: Store<ExecutionState>) {
  const queryClient = useQueryClient();

  useEffect(
    () =>
      channel.onFrame((frame) => {
        switch (frame.type) {
          case "execution_start":
          case "execution_output":
          case "error":
            executions.set((state) => executionReducer(state, { type: "frame", frame, now: Date.now() }));
            return;
          case "execution_result":
          case "execution_error":
            executions.set((state) => executionReducer(state, { type: "frame", frame, now: Date.now() }));
            void queryClient.invalidateQueries({ queryKey: filesKeys.all });
            return;
          default:
            return;
        }
      }),
    [channel, executions, queryClient],
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
