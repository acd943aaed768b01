import type {
  GetMcpPromptInput,
  McpPromptResult,
  McpResourceContent,
  McpServerDetail,
  McpServerSummary,
} from "@neuroos/contracts";
import { useQueries, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../api";

export const mcpServersKey = ["/api/mcp/servers"] as const;
const mcpServerKey = (id: string) => ["/api/mcp/servers", id] as const;

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
    queryFn: async () => (await apiRequest("GET", "/api/mcp/servers")) as McpServerSummary[],
    enabled,
  });
  const on = (list.data ?? []).filter((s) => s.enabled);
  const details = useQueries({
    queries: on.map((server) => ({
      queryKey: mcpServerKey(server.id),
      queryFn: async () =>
        (await apiRequest("GET", `/api/mcp/servers/${encodeURIComponent(server.id)}`)) as McpServerDetail,
      enabled,
      staleTime: 30_000,
    })),
  });
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
  return (await apiRequest(
    "GET",
    `/api/mcp/servers/${encodeURIComponent(serverId)}/resource?${query}`,
  )) as McpResourceContent;
}

/** Fills in one prompt of the person's server with its arguments' values. */
export async function getMcpPrompt(serverId: string, input: GetMcpPromptInput): Promise<McpPromptResult> {
  return (await apiRequest(
    "POST",
    `/api/mcp/servers/${encodeURIComponent(serverId)}/prompt`,
    input,
  )) as McpPromptResult;
}
