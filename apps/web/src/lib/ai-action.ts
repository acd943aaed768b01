import type { AiActionId, AiActionRequest, AiActionResult } from "@neuroos/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "../components/ui/use-toast";
import { readEventStream } from "./sse-stream";

export type AiActionStatus = "idle" | "running" | "done" | "stopped" | "error";

export interface AiActionState {
  status: AiActionStatus;
  /** The answer so far, as it streams. */
  text: string;
  /** The server's checked result, once the answer is complete. */
  result: AiActionResult | null;
  error: string | null;
}

/** The toast a calling app shows when its action fails (the spec names one per app). */
export interface AiActionFailure {
  title: string;
  description: string;
}

const idle: AiActionState = { status: "idle", text: "", result: null, error: null };

/**
 * Runs one AI action (POST /api/actions/:id/stream) for the signed-in person: the text as it
 * streams, the checked result at the end, Stop, and the app's own toast when it fails.
 * `run` resolves with the result, or null when the action failed or was stopped.
 */
export function useAiAction(id: AiActionId, failure: AiActionFailure) {
  const [state, setState] = useState<AiActionState>(idle);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (input: string, options: Omit<AiActionRequest, "input"> = {}): Promise<AiActionResult | null> => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      setState({ ...idle, status: "running" });
      let result: AiActionResult | null = null;
      let failed: string | null = null;
      await readEventStream(
        `/api/actions/${id}/stream`,
        { input, ...options },
        {
          onChunk: (chunk) => {
            if (typeof chunk.content === "string") {
              const delta = chunk.content;
              setState((s) => ({ ...s, text: s.text + delta }));
            } else if (chunk.result) result = chunk.result as AiActionResult;
          },
          onError: (error) => {
            failed = error.message;
          },
        },
        own.signal,
      );
      if (controller.current === own) controller.current = null;
      if (own.signal.aborted) {
        setState((s) => ({ ...s, status: "stopped" }));
        return null;
      }
      if (failed !== null || result === null) {
        setState((s) => ({ ...s, status: "error", error: failed ?? "The answer was incomplete" }));
        toast({ variant: "destructive", title: failure.title, description: failure.description });
        return null;
      }
      setState((s) => ({ ...s, status: "done", result }));
      return result;
    },
    [id, failure.title, failure.description],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => setState(idle), []);
  return { ...state, run, stop, reset };
}
