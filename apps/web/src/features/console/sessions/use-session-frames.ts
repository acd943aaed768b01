import { chatSessionSchema } from "@neuroos/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { LiveChannel } from "@/lib/live/live-channel";
import { archivedSessionsKey, messagesKey, sessionsKey, storeSession } from "@/lib/resources/sessions";

export { withSession } from "@/lib/resources/sessions";

/**
 * Keeps the session lists current from the server's frames: a title given after the first
 * reply, and sessions created, renamed, pinned, archived, imported or deleted in another tab.
 */
export function useSessionFrames(channel: LiveChannel) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      channel.onFrame((frame) => {
        if (frame.type === "session_updated") {
          const parsed = chatSessionSchema.safeParse(frame.session);
          if (!parsed.success) return;
          storeSession(queryClient, parsed.data);
          // An archived session was perhaps never in the archived list this tab holds.
          if (parsed.data.archivedAt) void queryClient.invalidateQueries({ queryKey: archivedSessionsKey });
        } else if (frame.type === "session_deleted") {
          for (const key of [sessionsKey, archivedSessionsKey])
            queryClient.setQueryData<{ id: string }[]>(key, (list) =>
              list?.filter((s) => s.id !== frame.sessionId),
            );
          queryClient.removeQueries({ queryKey: messagesKey(frame.sessionId) });
        }
      }),
    [channel, queryClient],
  );
}
