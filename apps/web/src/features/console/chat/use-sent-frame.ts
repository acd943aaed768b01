import type { ClientFrame } from "@neuroos/contracts";
import { useCallback, useEffect, useRef } from "react";
import { toast } from "@/lib/toast";
import { useConsole } from "../console-context";
import { setSessionBusy } from "./use-chat-frames";

type TurnFrame = Extract<ClientFrame, { type: "chat_message" | "chat_regenerate" }>;
/** A turn's frame as its sender writes it (the request id is added here). */
type Unsent<F> = F extends unknown ? Omit<F, "requestId"> : never;

/**
 * Sends a frame that starts a turn (an edit sent again, a regenerated reply): the session shows
 * a reply coming; a refusal (an error frame naming the request) is told and the session freed.
 * Answers whether the frame left (the live connection is up).
 */
export function useSendTurn(what: string) {
  const { channel, busy } = useConsole();
  const pending = useRef<{ requestId: string; sessionId: string } | null>(null);
  useEffect(
    () =>
      channel.onFrame((frame) => {
        const sent = pending.current;
        if (!sent || frame.type !== "error" || frame.requestId !== sent.requestId) return;
        pending.current = null;
        setSessionBusy(busy, sent.sessionId, false);
        toast({ title: `Could not ${what}`, description: frame.message, variant: "destructive" });
      }),
    [channel, busy, what],
  );
  return useCallback(
    (frame: Unsent<TurnFrame>): boolean => {
      const requestId = `${frame.type}:${Date.now()}`;
      if (!channel.send({ ...frame, requestId } as TurnFrame)) {
        toast({
          title: "Not connected",
          description:
            "The live connection to the server is down; it reconnects by itself. Try again in a moment.",
          variant: "destructive",
        });
        return false;
      }
      pending.current = { requestId, sessionId: frame.sessionId };
      setSessionBusy(busy, frame.sessionId, true);
      return true;
    },
    [channel, busy],
  );
}
