import { type ChatMessage, chatMessageSchema } from "@neuroos/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { LiveChannel } from "@/lib/live/live-channel";
import { messagesKey, sessionsKey } from "@/lib/resources/sessions";
import type { Store } from "@/lib/store";
import { endsTurn, upsertMessage } from "./chat-state";
import type { DraftStore } from "./draft-store";

/** Marks whether a reply is being produced in the session (the composer shows Stop meanwhile). */
export function setSessionBusy(busy: Store<ReadonlySet<string>>, sessionId: string, value: boolean): void {
  busy.set((current) => {
    if (current.has(sessionId) === value) return current;
    const next = new Set(current);
    if (value) next.add(sessionId);
    else next.delete(sessionId);
    return next;
  });
}

/**
 * Streams replies: chat_token frames grow the reply's draft; chat_message frames put the stored
 * message in the session's list (by id: the stored reply replaces its draft, never doubling it).
 * After a reconnect every loaded session is read again, so a reply that finished meanwhile is whole.
 */
export function useChatFrames(channel: LiveChannel, drafts: DraftStore, busy: Store<ReadonlySet<string>>) {
  const queryClient = useQueryClient();

  useEffect(() => {
    // Sessions whose branch changed on the server during a reply (a regenerated one): read again
    // when it ends, so the new reply shows its versions.
    const changed = new Set<string>();
    return channel.onFrame((frame) => {
      if (frame.type === "messages_changed") {
        changed.add(frame.sessionId);
        void queryClient.invalidateQueries({ queryKey: messagesKey(frame.sessionId) });
        return;
      }
      if (frame.type === "chat_token") {
        drafts.append(frame);
        setSessionBusy(busy, frame.sessionId, true);
        return;
      }
      if (frame.type !== "chat_message") return;
      const parsed = chatMessageSchema.safeParse(frame.message);
      if (!parsed.success) return;
      const message = parsed.data;
      const key = messagesKey(frame.sessionId);
      queryClient.setQueryData<ChatMessage[]>(key, (list) => (list ? upsertMessage(list, message) : list));
      // A read of the list on its way (after a reconnect) may be older than this message, and
      // would put the list back as it was: it is read again (the message is stored by now).
      if (queryClient.isFetching({ queryKey: key }) > 0)
        void queryClient.invalidateQueries({ queryKey: key });
      drafts.drop(message.id);
      if (message.role === "user") setSessionBusy(busy, frame.sessionId, true);
      else if (endsTurn(message)) {
        setSessionBusy(busy, frame.sessionId, false);
        if (changed.delete(frame.sessionId)) void queryClient.invalidateQueries({ queryKey: key });
      }
    });
  }, [channel, drafts, busy, queryClient]);

  useEffect(() => {
    let opens = channel.status.get().opens;
    return channel.status.subscribe(() => {
      const status = channel.status.get();
      if (status.opens === opens) return;
      const reconnected = opens > 0;
      opens = status.opens;
      if (!reconnected) return;
      // Frames sent while the socket was down are gone: read the sessions and their messages again.
      busy.set(new Set());
      void queryClient.invalidateQueries({ queryKey: sessionsKey });
    });
  }, [channel, busy, queryClient]);
}
