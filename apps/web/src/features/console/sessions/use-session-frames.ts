import { type ChatSession, chatSessionSchema } from "@neuroos/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { LiveChannel } from "@/lib/live/live-channel";
import { messagesKey, sessionsKey } from "@/lib/resources/sessions";

/** The session list after `session` was created or changed (a new one goes on top). */
export function withSession(list: readonly ChatSession[], session: ChatSession): ChatSession[] {
  return list.some((s) => s.id === session.id)
    ? list.map((s) => (s.id === session.id ? session : s))
    : [session, ...list];
}

/**
 * Keeps the session list current from the server's frames: a title given after the first
 * reply, and sessions created, renamed or deleted in another tab.
 */
export function useSessionFrames(channel: LiveChannel) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      channel.onFrame((frame) => {
        if (frame.type === "session_updated") {
          const parsed = chatSessionSchema.safeParse(frame.session);
          if (!parsed.success) return;
          queryClient.setQueryData<ChatSession[]>(sessionsKey, (list) =>
            list ? withSession(list, parsed.data) : list,
          );
        } else if (frame.type === "session_deleted") {
          queryClient.setQueryData<ChatSession[]>(sessionsKey, (list) =>
            list?.filter((s) => s.id !== frame.sessionId),
          );
          queryClient.removeQueries({ queryKey: messagesKey(frame.sessionId) });
        }
      }),
    [channel, queryClient],
  );
}
