import { messageOutputSchema } from "@neuroos/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { LiveChannel } from "@/lib/live/live-channel";
import { addOutput } from "@/lib/resources/outputs";
import type { Store } from "@/lib/store";
import { type ExecutionState, executionReducer } from "./execution-state";

/**
 * Feeds execution frames to the execution state; a run's stored output (message_output) goes
 * under its message in the session's loaded list.
 */
export function useExecutionFrames(channel: LiveChannel, executions: Store<ExecutionState>) {
  const queryClient = useQueryClient();
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
          case "message_output": {
            const output = messageOutputSchema.safeParse(frame.output);
            if (output.success) addOutput(queryClient, frame.sessionId, output.data);
            return;
          }
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
