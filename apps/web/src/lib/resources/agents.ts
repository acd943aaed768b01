import {
  type Agent,
  agentsApi,
  type CreateAgentInput,
  type SandboxHealth,
  sandboxApi,
  type UpdateAgentInput,
} from "@neuroos/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../api";

export const agentsKey = [agentsApi.list.path] as const;
export const sandboxHealthKey = [sandboxApi.health.path] as const;

export function useAgents() {
  return useQuery({
    queryKey: agentsKey,
    queryFn: ({ signal }): Promise<Agent[]> => call(agentsApi.list, { signal }),
  });
}

export function useSandboxHealth() {
  return useQuery({
    queryKey: sandboxHealthKey,
    queryFn: ({ signal }): Promise<SandboxHealth> => call(sandboxApi.health, { signal }),
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
  return useAgentMutation((input: CreateAgentInput) => call(agentsApi.create, { body: input }));
}

export function useUpdateAgent() {
  return useAgentMutation(({ id, input }: { id: string; input: UpdateAgentInput }) =>
    call(agentsApi.update, { params: { id }, body: input }),
  );
}

export function useDeleteAgent() {
  return useAgentMutation((id: string) => call(agentsApi.remove, { params: { id } }));
}
