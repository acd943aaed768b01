import {
  type AiActionId,
  type AiActionMeta,
  type AiActionRequest,
  type AiActionResult,
  aiActionMetaSchema,
  aiActionResultSchema,
} from "@neuroos/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { readEventStream } from "./sse-stream";
import { toast } from "./toast";

export type AiActionStatus = "idle" | "running" | "done" | "stopped" | "error";

export interface AiActionState {
  status: AiActionStatus;
  /** The answer so far, as it streams. */
  text: string;
  /** The server's checked result, once the answer is complete. */
  result: AiActionResult | null;
  /** Who answered and the tokens it counted. */
  meta: AiActionMeta | null;
  error: string | null;
  /** Milliseconds from the request to the first text, and to the end. */
  firstTokenMs: number | null;
  durationMs: number | null;
}

/** The toast a calling app shows when its action fails (the spec names one per app). */
export interface AiActionFailure {
  title: string;
  description: string;
  /** The toast when the model answered but its answer could not be used (spec: 'Generation Error'). */
  invalid?: { title: string; description: string };
}

const idle: AiActionState = {
  status: "idle",
  text: "",
  result: null,
  meta: null,
  error: null,
  firstTokenMs: null,
  durationMs: null,
};

/**
 * Runs one AI action (POST /api/actions/:id/stream) for the signed-in person: the text as it
 * streams, the checked result at the end, Stop, and the app's own toast when it fails (with the
 * server's reason, also shown inline by AiActionOutput).
 * `run` resolves with the result, or null when the action failed or was stopped; it may name
 * another action of the same screen (one output area for several actions).
 */
export function useAiAction(id: AiActionId, failure: AiActionFailure) {
  const [state, setState] = useState<AiActionState>(idle);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (
      input: string,
      options: Omit<AiActionRequest, "input"> = {},
      actionId: AiActionId = id,
    ): Promise<AiActionResult | null> => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      setState({ ...idle, status: "running" });
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      let result: AiActionResult | null = null;
      let meta: AiActionMeta | null = null;
      let failed: { code?: string; message: string } | null = null;
      await readEventStream(
        `/api/actions/${actionId}/stream`,
        { input, ...options },
        {
          onChunk: (chunk) => {
            if (typeof chunk.content === "string") {
              const delta = chunk.content;
              setState((s) => ({ ...s, text: s.text + delta, firstTokenMs: s.firstTokenMs ?? elapsed() }));
            } else if (chunk.result) {
              // A result that does not parse throws: the stream ends through onError.
              result = aiActionResultSchema.parse(chunk.result);
              meta = aiActionMetaSchema.nullish().parse(chunk.meta) ?? null;
            }
          },
          onError: (error) => {
            failed = { code: (error as Error & { code?: string }).code, message: error.message };
          },
        },
        own.signal,
      );
      if (controller.current === own) controller.current = null;
      const durationMs = elapsed();
      if (own.signal.aborted) {
        setState((s) => ({ ...s, status: "stopped", durationMs }));
        return null;
      }
      const error = failed as { code?: string; message: string } | null;
      if (error !== null || result === null) {
        setState((s) => ({
          ...s,
          status: "error",
          durationMs,
          error: error?.message ?? "The answer was incomplete",
        }));
        const shown = error?.code === "action_output_invalid" && failure.invalid ? failure.invalid : failure;
        // The app's words, then why (the server's own: a rejected key says to check it in Settings).
        const why = error?.message ?? "The answer was incomplete.";
        toast({ variant: "destructive", title: shown.title, description: `${shown.description} ${why}` });
        return null;
      }
      setState((s) => ({ ...s, status: "done", result, meta, durationMs }));
      return result;
    },
    [id, failure],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => setState(idle), []);
  return { ...state, run, stop, reset };
}
