import {
  type CreateMcpServerInput,
  type GetMcpPromptInput,
  type McpPromptResult,
  type McpResourceContent,
  type McpServerDetail,
  mcpPromptResultSchema,
  mcpResourceContentSchema,
  mcpServerDetailSchema,
  mcpServerSummarySchema,
  type UpdateMcpServerInput,
} from "@neuroos/contracts";
import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest, getQueryFn } from "../api";

const fetchJson = getQueryFn({ on401: "throw" });
const listQueryFn = async (context: Parameters<typeof fetchJson>[0]) =>
  z.array(mcpServerSummarySchema).parse(await fetchJson(context));

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
    queryFn: listQueryFn,
  });
}

const detailQuery = (id: string) => ({
  queryKey: mcpServerKey(id),
  queryFn: async (context: Parameters<typeof fetchJson>[0]) =>
    mcpServerDetailSchema.parse(await fetchJson(context)),
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

/** A change answered by the server's detail (parsed here), put in the cache at once. */
function useMcpMutation<T>(fn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: T): Promise<McpServerDetail> => mcpServerDetailSchema.parse(await fn(input)),
    onSuccess: (detail) => client.setQueryData(mcpServerKey(detail.id), detail),
    onSettled: () => client.invalidateQueries({ queryKey: mcpServersKey }),
  });
}

export function useCreateMcpServer() {
  return useMcpMutation((input: CreateMcpServerInput) => apiRequest("POST", "/api/mcp/servers", input));
}

export function useUpdateMcpServer() {
  return useMcpMutation(({ id, input }: { id: string; input: UpdateMcpServerInput }) =>
    apiRequest("PATCH", `/api/mcp/servers/${encodeURIComponent(id)}`, input),
  );
}

/** Connects again at once (a failed server otherwise waits for its next try). */
export function useReconnectMcpServer() {
  return useMcpMutation((id: string) =>
    apiRequest("POST", `/api/mcp/servers/${encodeURIComponent(id)}/reconnect`),
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
  const query = new URLSearchParams({ uri });
  return mcpResourceContentSchema.parse(
    await apiRequest("GET", `/api/mcp/servers/${encodeURIComponent(serverId)}/resource?${query}`),
  );
}

/** Fills in one prompt of the person's server with its arguments' values. */
export async function getMcpPrompt(serverId: string, input: GetMcpPromptInput): Promise<McpPromptResult> {
  return mcpPromptResultSchema.parse(
    await apiRequest("POST", `/api/mcp/servers/${encodeURIComponent(serverId)}/prompt`, input),
  );
}
