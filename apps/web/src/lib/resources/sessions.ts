import {
  type ChatMessage,
  type ChatSession,
  chatMessageSchema,
  chatSessionSchema,
  trashItemSchema,
} from "@neuroos/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest, getQueryFn } from "../api";

export const sessionsKey = ["/api/sessions"] as const;
export const messagesKey = (sessionId: string) => ["/api/sessions", sessionId, "messages"] as const;

const fetchJson = getQueryFn({ on401: "throw" });
const sessionListSchema = z.array(chatSessionSchema);
const messageListSchema = z.array(chatMessageSchema);

/** The user's chat sessions, newest first. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async (context) => sessionListSchema.parse(await fetchJson(context)),
  });
}

/** A session's stored messages, oldest first. */
export function useMessages(sessionId: string | null) {
  return useQuery({
    queryKey: messagesKey(sessionId ?? ""),
    queryFn: async (context): Promise<ChatMessage[]> => messageListSchema.parse(await fetchJson(context)),
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
      return chatSessionSchema.parse(await apiRequest("POST", "/api/sessions", body));
    },
    onSuccess: (session) => update((list) => [session, ...list.filter((s) => s.id !== session.id)]),
  });
}

/** Sets the agent that answers in a session, or null for plain chat (PATCH /api/sessions/:id). */
export function useSetSessionAgent() {
  const update = useSessionListUpdate();
  return useMutation({
    mutationFn: async ({ id, agentId }: { id: string; agentId: string | null }) =>
      chatSessionSchema.parse(
        await apiRequest("PATCH", `/api/sessions/${encodeURIComponent(id)}`, { agentId }),
      ),
    onSuccess: (session) => update((list) => list.map((s) => (s.id === session.id ? session : s))),
  });
}

export function useRenameSession() {
  const update = useSessionListUpdate();
  return useMutation({
    mutationFn: async ({ id, title }: { id: string; title: string }) =>
      chatSessionSchema.parse(
        await apiRequest("PATCH", `/api/sessions/${encodeURIComponent(id)}`, { title }),
      ),
    onSuccess: (session) => update((list) => list.map((s) => (s.id === session.id ? session : s))),
  });
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  const update = useSessionListUpdate();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest("DELETE", `/api/sessions/${encodeURIComponent(id)}`);
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
    mutationFn: async (id: string) =>
      trashItemSchema.parse(await apiRequest("POST", "/api/trash/restore", { type: "session", itemId: id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
