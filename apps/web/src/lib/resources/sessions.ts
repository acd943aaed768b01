import { type ChatMessage, type ChatSession, sessionsApi, trashApi } from "@neuroos/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../api";

export const sessionsKey = [sessionsApi.list.path] as const;
/** A session's messages (sessionsApi.messages), under the sessions' key: ["/api/sessions", id, "messages"]. */
export const messagesKey = (sessionId: string) => [sessionsApi.list.path, sessionId, "messages"] as const;

/** The user's chat sessions, newest first. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }): Promise<ChatSession[]> => call(sessionsApi.list, { signal }),
  });
}

/** A session's stored messages, oldest first. */
export function useMessages(sessionId: string | null) {
  return useQuery({
    queryKey: messagesKey(sessionId ?? ""),
    queryFn: ({ signal }): Promise<ChatMessage[]> =>
      call(sessionsApi.messages, { params: { id: sessionId ?? "" }, signal }),
    enabled: sessionId !== null,
  });
}

function useSessionListUpdate() {
  const queryClient = useQueryClient();
  return (update: (list: ChatSession[]) => ChatSession[]) =>
    queryClient.setQueryData<ChatSession[]>(sessionsKey, (list) => update(list ?? []));
}

/** A new session: a title (else 'New Session') and its agent (else plain chat without tools). */
export interface NewSession {
  title?: string;
  agentId?: string | null;
}

export function useCreateSession() {
  const update = useSessionListUpdate();
  return useMutation({
    mutationFn: async (input?: string | NewSession) => {
      const { title, agentId } = typeof input === "string" ? { title: input, agentId: null } : (input ?? {});
      const body = { ...(title ? { title } : {}), ...(agentId ? { agentId } : {}) };
      return call(sessionsApi.create, { body });
    },
    onSuccess: (session) => update((list) => [session, ...list.filter((s) => s.id !== session.id)]),
  });
}

/** Sets the agent that answers in a session, or null for plain chat (PATCH /api/sessions/:id). */
export function useSetSessionAgent() {
  const update = useSessionListUpdate();
  return useMutation({
    mutationFn: ({ id, agentId }: { id: string; agentId: string | null }) =>
      call(sessionsApi.update, { params: { id }, body: { agentId } }),
    onSuccess: (session) => update((list) => list.map((s) => (s.id === session.id ? session : s))),
  });
}

export function useRenameSession() {
  const update = useSessionListUpdate();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) =>
      call(sessionsApi.update, { params: { id }, body: { title } }),
    onSuccess: (session) => update((list) => list.map((s) => (s.id === session.id ? session : s))),
  });
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  const update = useSessionListUpdate();
  return useMutation({
    mutationFn: async (id: string) => {
      await call(sessionsApi.remove, { params: { id } });
      return id;
    },
    onSuccess: (id) => {
      update((list) => list.filter((s) => s.id !== id));
      queryClient.removeQueries({ queryKey: messagesKey(id) });
    },
  });
}

/** Takes a deleted session back from the trash, with its messages (the delete toast's Undo). */
export function useRestoreSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(trashApi.restore, { body: { type: "session", itemId: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
