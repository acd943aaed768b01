import {
  type ChatMessage,
  type MessageOutput,
  outputsApi,
  type StreamingReply,
  sessionsApi,
} from "@neuroos/contracts";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { call } from "../api";
import { messagesKey } from "./sessions";

/** One message of a session's loaded list (the same query as useMessages), with its outputs. */
export function useStoredMessage(sessionId: string, messageId: string) {
  return useQuery({
    queryKey: messagesKey(sessionId),
    queryFn: ({ signal }): Promise<ChatMessage[]> =>
      call(sessionsApi.messages, { params: { id: sessionId }, signal }),
    select: useCallback((list: ChatMessage[]) => list.find((m) => m.id === messageId), [messageId]),
  });
}

/** The id of the session's last message shown (an Execute's output is kept with it), or undefined. */
export function useLastMessageId(sessionId: string | null) {
  return useQuery({
    queryKey: messagesKey(sessionId ?? ""),
    queryFn: ({ signal }): Promise<ChatMessage[]> =>
      call(sessionsApi.messages, { params: { id: sessionId ?? "" }, signal }),
    enabled: sessionId !== null,
    select: (list: ChatMessage[]) => list.at(-1)?.id,
  }).data;
}

/** One stored output whole ("show all": stdout and stderr uncut). */
export function fetchFullOutput(sessionId: string, outputId: string): Promise<MessageOutput> {
  return call(outputsApi.get, { params: { id: sessionId, outputId } });
}

/** The reply streaming now in the session and its text so far, or null. */
export async function fetchStreamingReply(sessionId: string): Promise<StreamingReply | null> {
  return (await call(outputsApi.streaming, { params: { id: sessionId } })).reply;
}

/** Puts a stored output (a message_output frame) under its message in the session's loaded list. */
export function addOutput(queryClient: QueryClient, sessionId: string, output: MessageOutput): void {
  queryClient.setQueryData<ChatMessage[]>(messagesKey(sessionId), (list) =>
    list?.map((m) =>
      m.id === output.messageId
        ? { ...m, outputs: [...(m.outputs ?? []).filter((o) => o.id !== output.id), output] }
        : m,
    ),
  );
}
