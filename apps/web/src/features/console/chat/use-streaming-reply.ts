import type { ChatMessage } from "@neuroos/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { fetchStreamingReply } from "@/lib/resources/outputs";
import { messagesKey } from "@/lib/resources/sessions";
import { useConsole } from "../console-context";
import { hasGap } from "./chat-state";
import { setSessionBusy } from "./use-chat-frames";

/** How long after a gap in a reply's frames its text so far is read again (the server writes it every 250 ms). */
const GAP_RETRY_MS = 300;

/**
 * A reply that streams while the session opens (a reload, another device, a reconnect): its
 * text so far is read from the server and seeds the draft, and the frames past it follow
 * (chat-state's `at` merge). Frames that start past the text held read it again.
 */
export function useStreamingReply(sessionId: string | null) {
  const { channel, drafts, busy } = useConsole();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!sessionId) return;
    let gone = false;
    let reading = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const read = async () => {
      if (reading) return;
      reading = true;
      try {
        const reply = await fetchStreamingReply(sessionId);
        if (gone || !reply) return;
        const stored = queryClient.getQueryData<ChatMessage[]>(messagesKey(sessionId));
        if (stored?.some((m) => m.id === reply.messageId)) return; // stored meanwhile: whole already
        drafts.seed(sessionId, reply);
        setSessionBusy(busy, sessionId, true);
      } catch {
        // Not readable now: the frames still stream, and the stored reply replaces the draft.
      } finally {
        reading = false;
        if (!gone && hasGap(drafts.current(), sessionId)) later();
      }
    };
    const later = () => {
      if (timer === null)
        timer = setTimeout(() => {
          timer = null;
          void read();
        }, GAP_RETRY_MS);
    };
    void read();
    let opens = channel.status.get().opens;
    const offStatus = channel.status.subscribe(() => {
      const now = channel.status.get().opens;
      if (now === opens) return;
      opens = now;
      void read(); // reconnected: frames sent meanwhile are gone
    });
    const offDrafts = drafts.subscribe(() => {
      if (hasGap(drafts.current(), sessionId)) later();
    });
    return () => {
      gone = true;
      if (timer !== null) clearTimeout(timer);
      offStatus();
      offDrafts();
    };
  }, [sessionId, channel, drafts, busy, queryClient]);
}
