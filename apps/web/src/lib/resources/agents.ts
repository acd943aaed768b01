import {
  type Agent,
  agentSchema,
  type CreateAgentInput,
  type SandboxHealth,
  sandboxHealthSchema,
  type UpdateAgentInput,
} from "@neuroos/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest, getQueryFn } from "../api";

const fetchJson = getQueryFn({ on401: "throw" });

export const agentsKey = ["/api/agents"] as const;
export const sandboxHealthKey = ["/api/sandbox/health"] as const;

export function useAgents() {
  return useQuery({
    queryKey: agentsKey,
    queryFn: async (context): Promise<Agent[]> => z.array(agentSchema).parse(await fetchJson(context)),
  });
}

export function useSandboxHealth() {
  return useQuery({
    queryKey: sandboxHealthKey,
    queryFn: async (context): Promise<SandboxHealth> => sandboxHealthSchema.parse(await fetchJson(context)),
    refetchInterval: 60_000,
  });
}

function useAgentMutation<T, R>(fn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: agentsKey }),
  });
}

export function useCreateAgent() {
  return useAgentMutation(async (input: CreateAgentInput) =>
    agentSchema.parse(await apiRequest("POST", "/api/agents", input)),
  );
}

export function useUpdateAgent() {
  return useAgentMutation(async ({ id, input }: { id: string; input: UpdateAgentInput }) =>
    agentSchema.parse(await apiRequest("PATCH", `/api/agents/${encodeURIComponent(id)}`, input)),
  );
}

export function useDeleteAgent() {
  return useAgentMutation(async (id: string) =>
    apiRequest("DELETE", `/api/agents/${encodeURIComponent(id)}`),
  );
}
