import { type ChatMessage, type ChatSession, sessionsApi } from "@neuroos/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../api";
import { messagesKey, sessionsKey } from "./sessions";

/** A session's branch as the server answered it becomes its messages at once (and searches read again). */
function useBranchAnswer(sessionId: string) {
  const queryClient = useQueryClient();
  return (branch: ChatMessage[]) => {
    queryClient.setQueryData<ChatMessage[]>(messagesKey(sessionId), branch);
    void queryClient.invalidateQueries({ queryKey: [sessionsApi.search.path] });
  };
}

/** Shows the branch through one version of a message (sessionsApi.showMessage); refused while a reply runs. */
export function useShowMessage(sessionId: string) {
  const answered = useBranchAnswer(sessionId);
  return useMutation({
    mutationFn: (messageId: string) =>
      call(sessionsApi.showMessage, { params: { id: sessionId, messageId } }),
    onSuccess: answered,
  });
}

/** Deletes a message and what follows it (sessionsApi.deleteMessage); the branch left is shown. */
export function useDeleteMessage(sessionId: string) {
  const answered = useBranchAnswer(sessionId);
  return useMutation({
    mutationFn: (messageId: string) =>
      call(sessionsApi.deleteMessage, { params: { id: sessionId, messageId } }),
    onSuccess: answered,
  });
}

/** Sets the provider and model of a session's next turns (null: the agent's or the default). */
export function useSetSessionModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, provider, model }: { id: string; provider: string | null; model: string | null }) =>
      call(sessionsApi.update, { params: { id }, body: { provider, model } }),
    onSuccess: (session) =>
      queryClient.setQueryData<ChatSession[]>(sessionsKey, (list) =>
        (list ?? []).map((s) => (s.id === session.id ? session : s)),
      ),
  });
}
