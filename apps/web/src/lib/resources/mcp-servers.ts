import type {
  CreateMcpServerInput,
  McpServerDetail,
  McpServerSummary,
  UpdateMcpServerInput,
} from "@neuroos/contracts";
import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getQueryFn } from "../api";

const fetchJson = getQueryFn({ on401: "throw" });

/** The list; each server's live state is its own query under it (invalidated together). */
export const mcpServersKey = ["/api/mcp/servers"] as const;
const mcpServerKey = (id: string) => [...mcpServersKey, id] as const;

/** While a server connects the server holds the answer up to 3 s; asked again soon after. */
const CONNECTING_REFRESH_MS = 1000;
/** A settled server is asked again now and then (a ready one is pinged: a dead one shows failed). */
const SETTLED_REFRESH_MS = 30_000;

/** The person's MCP servers and the admin's shared ones (headers masked). */
export function useMcpServers() {
  return useQuery({
    queryKey: mcpServersKey,
    queryFn: async (context) => (await fetchJson(context)) as McpServerSummary[],
  });
}

const detailQuery = (id: string) => ({
  queryKey: mcpServerKey(id),
  queryFn: async (context: Parameters<typeof fetchJson>[0]) => (await fetchJson(context)) as McpServerDetail,
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

function useMcpMutation<T>(fn: (input: T) => Promise<McpServerDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (detail) => client.setQueryData(mcpServerKey(detail.id), detail),
    onSettled: () => client.invalidateQueries({ queryKey: mcpServersKey }),
  });
}

export function useCreateMcpServer() {
  return useMcpMutation(
    async (input: CreateMcpServerInput) =>
      (await apiRequest("POST", "/api/mcp/servers", input)) as McpServerDetail,
  );
}

export function useUpdateMcpServer() {
  return useMcpMutation(
    async ({ id, input }: { id: string; input: UpdateMcpServerInput }) =>
      (await apiRequest("PATCH", `/api/mcp/servers/${encodeURIComponent(id)}`, input)) as McpServerDetail,
  );
}

/** Connects again at once (a failed server otherwise waits for its next try). */
export function useReconnectMcpServer() {
  return useMcpMutation(
    async (id: string) =>
      (await apiRequest("POST", `/api/mcp/servers/${encodeURIComponent(id)}/reconnect`)) as McpServerDetail,
  );
}

export function useDeleteMcpServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/mcp/servers/${encodeURIComponent(id)}`),
    onSuccess: (_done, id) => client.removeQueries({ queryKey: mcpServerKey(id) }),
    onSettled: () => client.invalidateQueries({ queryKey: mcpServersKey }),
  });
}
