import {
  type CreateMcpServerInput,
  type GetMcpPromptInput,
  type McpPromptResult,
  type McpResourceContent,
  type McpServerDetail,
  type McpServerSummary,
  mcpServersApi,
  type UpdateMcpServerInput,
} from "@neuroos/contracts";
import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../api";

const listQueryFn = ({ signal }: { signal: AbortSignal }): Promise<McpServerSummary[]> =>
  call(mcpServersApi.list, { signal });

/** The list; each server's live state is its own query under it (invalidated together). */
export const mcpServersKey = [mcpServersApi.list.path] as const;
const mcpServerKey = (id: string) => [...mcpServersKey, id] as const;

/** While a server connects the server holds the answer up to 3 s; asked again soon after. */
const CONNECTING_REFRESH_MS = 1000;
/** A settled server is asked again now and then (a ready one is pinged: a dead one shows failed). */
const SETTLED_REFRESH_MS = 30_000;

/** The person's MCP servers and the admin's shared ones (headers masked). */
export function useMcpServers() {
  return useQuery({
    queryKey: mcpServersKey,
    queryFn: listQueryFn,
  });
}

const detailQuery = (id: string) => ({
  queryKey: mcpServerKey(id),
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<McpServerDetail> =>
    call(mcpServersApi.get, { params: { id }, signal }),
  refetchInterval: (query: { state: { data?: McpServerDetail } }) =>
    query.state.data?.status.state === "connecting" ? CONNECTING_REFRESH_MS : SETTLED_REFRESH_MS,
});

/** One server with its live state: connecting, ready (tools, resources, prompts), failed, disabled. */
export function useMcpServer(id: string) {
  return useQuery(detailQuery(id));
}

/** Several servers' live states at once (the agent dialog's MCP tools). */
export function useMcpServerDetails(ids: string[]) {
  return useQueries({ queries: ids.map(detailQuery) });
}

/** A change answered by the server's detail, put in the cache at once. */
function useMcpMutation<T>(fn: (input: T) => Promise<McpServerDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (detail) => client.setQueryData(mcpServerKey(detail.id), detail),
    onSettled: () => client.invalidateQueries({ queryKey: mcpServersKey }),
  });
}

export function useCreateMcpServer() {
  return useMcpMutation((input: CreateMcpServerInput) => call(mcpServersApi.create, { body: input }));
}

export function useUpdateMcpServer() {
  return useMcpMutation(({ id, input }: { id: string; input: UpdateMcpServerInput }) =>
    call(mcpServersApi.update, { params: { id }, body: input }),
  );
}

/** Connects again at once (a failed server otherwise waits for its next try). */
export function useReconnectMcpServer() {
  return useMcpMutation((id: string) => call(mcpServersApi.reconnect, { params: { id } }));
}

export function useDeleteMcpServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(mcpServersApi.remove, { params: { id } }),
    onSuccess: (_done, id) => client.removeQueries({ queryKey: mcpServerKey(id) }),
    onSettled: () => client.invalidateQueries({ queryKey: mcpServersKey }),
  });
}

/** A ready server with what it offers (its status says so). */
export type ReadyMcpServer = McpServerDetail & {
  status: Extract<McpServerDetail["status"], { state: "ready" }>;
};

/**
 * The person's MCP servers that are on, each asked for its live state (connecting it when idle):
 * the ready ones with their resources and prompts, and the others with why they are not ready.
 * Fetched only while `enabled` (a picker is open), since asking connects the servers.
 */
export function useReadyMcpServers(enabled: boolean) {
  const list = useQuery({
    queryKey: mcpServersKey,
    queryFn: listQueryFn,
    enabled,
  });
  const on = (list.data ?? []).filter((s) => s.enabled);
  const details = useQueries({ queries: on.map((server) => ({ ...detailQuery(server.id), enabled })) });
  const loaded = details.flatMap((d) => (d.data ? [d.data] : []));
  return {
    isPending: enabled && (list.isPending || details.some((d) => d.isPending)),
    error: list.error ?? details.find((d) => d.error)?.error ?? null,
    ready: loaded.filter((d): d is ReadyMcpServer => d.status.state === "ready"),
    notReady: loaded.filter((d) => d.status.state !== "ready"),
    refetch: () => {
      void list.refetch();
      for (const d of details) void d.refetch();
    },
  };
}

/** Reads one resource of the person's server (size-limited by the server). */
export async function readMcpResource(serverId: string, uri: string): Promise<McpResourceContent> {
  return call(mcpServersApi.readResource, { params: { id: serverId }, query: { uri } });
}

/** Fills in one prompt of the person's server with its arguments' values. */
export async function getMcpPrompt(serverId: string, input: GetMcpPromptInput): Promise<McpPromptResult> {
  return call(mcpServersApi.prompt, { params: { id: serverId }, body: input });
}
