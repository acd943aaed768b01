import {
  type ChatMessage,
  type ChatSession,
  type SessionChanges,
  type SessionExportFormat,
  type SessionSearchHit,
  type sessionExportSchema,
  sessionsApi,
  trashApi,
} from "@neuroos/contracts";
import { pathWith } from "@neuroos/contracts/endpoint";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { call } from "../api";

export const sessionsKey = [sessionsApi.list.path] as const;
/** The archived sessions (sessionsApi.list with ?archived=true). */
export const archivedSessionsKey = [sessionsApi.list.path, "archived"] as const;
/** A search's results (sessionsApi.search). */
export const sessionSearchKey = (q: string) => [sessionsApi.search.path, q] as const;

/** Newest activity first (as the server lists them). */
const byActivity = (a: ChatSession, b: ChatSession) =>
  b.updatedAt.localeCompare(a.updatedAt) || b.createdAt.localeCompare(a.createdAt);

/** Sessions in the server's order: pinned ones first, each group by latest activity (stable for ties). */
export function orderSessions(list: readonly ChatSession[]): ChatSession[] {
  return [...list].sort(
    (a, b) => Number(a.pinnedAt === null) - Number(b.pinnedAt === null) || byActivity(a, b),
  );
}

/**
 * A session list after `session` was created or changed, in order (a new one goes on top among
 * its equals); an archived one leaves the list of the others, an unarchived one the archived list.
 */
export function withSession(
  list: readonly ChatSession[],
  session: ChatSession,
  archived = false,
): ChatSession[] {
  const others = list.filter((s) => s.id !== session.id);
  if ((session.archivedAt !== null) !== archived) return others;
  const known = others.length < list.length;
  return orderSessions(known ? list.map((s) => (s.id === session.id ? session : s)) : [session, ...list]);
}

/** Puts a created or changed session into the cached lists (the others, the archived). */
export function storeSession(queryClient: ReturnType<typeof useQueryClient>, session: ChatSession): void {
  queryClient.setQueryData<ChatSession[]>(sessionsKey, (list) => (list ? withSession(list, session) : list));
  queryClient.setQueryData<ChatSession[]>(archivedSessionsKey, (list) =>
    list ? withSession(list, session, true) : list,
  );
}

/** The person's archived sessions, latest activity first (asked for only while `enabled`). */
export function useArchivedSessions(enabled: boolean) {
  return useQuery({
    queryKey: archivedSessionsKey,
    queryFn: ({ signal }): Promise<ChatSession[]> =>
      call(sessionsApi.list, { query: { archived: "true" }, signal }),
    enabled,
  });
}

/** The sessions whose title or messages match `q` (word prefixes), each with its matching line. */
export function useSessionSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: sessionSearchKey(query),
    queryFn: ({ signal }): Promise<SessionSearchHit[]> =>
      call(sessionsApi.search, { query: { q: query }, signal }),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Pins, archives, renames (or any change of updateSessionSchema's) a session. */
export function useUpdateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: SessionChanges }) =>
      call(sessionsApi.update, { params: { id }, body: changes }),
    onSuccess: (session) => {
      storeSession(queryClient, session);
      void queryClient.invalidateQueries({ queryKey: [sessionsApi.search.path] });
    },
  });
}

/** The address that downloads a session as a file (Markdown, or JSON that import takes back). */
export function sessionExportUrl(id: string, format: SessionExportFormat): string {
  return `${pathWith(sessionsApi.export.path, { id })}?format=${format}`;
}

/** A session exported as JSON (a file's parsed text), stored as a new session. */
export function useImportSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (exported: unknown) =>
      call(sessionsApi.import, { body: exported as z.input<typeof sessionExportSchema> }),
    onSuccess: (session) => {
      storeSession(queryClient, session);
      void queryClient.invalidateQueries({ queryKey: [sessionsApi.search.path] });
    },
  });
}
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

/** A new session: a title (else 'New Session') and its agent (null: plain chat; left out: the person's default agent). */
export interface NewSession {
  title?: string;
  agentId?: string | null;
}

export function useCreateSession() {
  const update = useSessionListUpdate();
  return useMutation({
    mutationFn: async (input?: string | NewSession) => {
      const { title, agentId }: NewSession = typeof input === "string" ? { title: input } : (input ?? {});
      const body = { ...(title ? { title } : {}), ...(agentId === undefined ? {} : { agentId }) };
      return call(sessionsApi.create, { body });
    },
    onSuccess: (session) => update((list) => withSession(list, session)),
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
      queryClient.setQueryData<ChatSession[]>(archivedSessionsKey, (list) =>
        list?.filter((s) => s.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: [sessionsApi.search.path] });
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
