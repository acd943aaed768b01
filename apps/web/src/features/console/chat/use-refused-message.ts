import type { McpResourceContent } from "@neuroos/contracts";
import { useCallback, useEffect, useRef } from "react";
import type { LiveChannel } from "@/lib/live/live-channel";

/** A message on its way to the server, as the composer had it. */
export interface SentMessage {
  requestId: string;
  sessionId: string;
  text: string;
  resources: McpResourceContent[];
  attachments: string[];
}

/**
 * Watches the last message sent: refused (an error frame naming its request, e.g. an attached
 * resource that can no longer be read) it is handed back; stored (its chat_message), forgotten.
 */
export function useRefusedMessage(channel: LiveChannel, onRefused: (sent: SentMessage) => void) {
  const pending = useRef<SentMessage | null>(null);
  const handler = useRef(onRefused);
  handler.current = onRefused;
  useEffect(
    () =>
      channel.onFrame((frame) => {
        const sent = pending.current;
        if (!sent) return;
        if (frame.type === "error" && frame.requestId === sent.requestId) {
          pending.current = null;
          handler.current(sent);
        } else if (
          frame.type === "chat_message" &&
          frame.sessionId === sent.sessionId &&
          frame.message.role === "user"
        )
          pending.current = null;
      }),
    [channel],
  );
  return useCallback((sent: SentMessage) => {
    pending.current = sent;
  }, []);
}
