import type { ServerFrame } from "@neuroos/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { failureMessage } from "@/lib/api";
import { useLiveChannel } from "@/lib/live/live-context";
import { ideApi } from "@/lib/resources/ide";

export interface RunState {
  status: "idle" | "running" | "done" | "failed" | "stopped";
  path: string | null;
  output: string;
  exitCode: number | null;
  durationMs: number | null;
  /** 'Error: {message}' when the file could not run (language, compile error, sandbox). */
  error: string | null;
}

const idle: RunState = {
  status: "idle",
  path: null,
  output: "",
  exitCode: null,
  durationMs: null,
  error: null,
};

/**
 * Runs a workspace file on the server (POST /api/ide/run): its output streams in through the
 * live channel (the IDE's frames), then the exit code and duration. Stop ends the request, and
 * the server kills the run.
 */
export function useRun() {
  const channel = useLiveChannel();
  const [state, setState] = useState<RunState>(idle);
  const current = useRef<{
    requestId: string;
    executionId: string | null;
    controller: AbortController;
  } | null>(null);

  useEffect(() => {
    if (!channel) return;
    return channel.onScope({ kind: "app", id: "ide" }, (frame: ServerFrame) => {
      const run = current.current;
      if (!run) return;
      if (frame.type === "execution_start" && frame.requestId === run.requestId)
        run.executionId = frame.executionId;
      else if (frame.type === "execution_output" && frame.executionId === run.executionId) {
        const data = frame.data;
        setState((s) => ({ ...s, output: s.output + data }));
      }
    });
  }, [channel]);
  useEffect(() => () => current.current?.controller.abort(), []);

  const run = useCallback(async (path: string) => {
    current.current?.controller.abort();
    const run = { requestId: crypto.randomUUID(), executionId: null, controller: new AbortController() };
    current.current = run;
    setState({ ...idle, status: "running", path });
    try {
      const result = await ideApi.run(path, run.requestId, run.controller.signal);
      setState((s) => ({
        ...s,
        status: "done",
        // Frames may not have arrived (the channel was reconnecting): the result holds it all.
        output: s.output || `${result.stdout}${result.stderr}`,
        exitCode: result.exitCode,
        durationMs: result.durationMs,
      }));
    } catch (err) {
      if (run.controller.signal.aborted) {
        setState((s) => ({ ...s, status: "stopped" }));
        return;
      }
      setState((s) => ({ ...s, status: "failed", error: `Error: ${failureMessage(err)}` }));
    } finally {
      if (current.current === run) current.current = null;
    }
  }, []);

  const stop = useCallback(() => current.current?.controller.abort(), []);
  return { ...state, run, stop };
}
