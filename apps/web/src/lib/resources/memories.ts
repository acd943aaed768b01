import { type Memory, memoriesApi } from "@neuroos/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../api";

export const memoriesKey = [memoriesApi.list.path] as const;

/** The person's remembered facts (cross-session memory), newest first. */
export function useMemories() {
  return useQuery({
    queryKey: memoriesKey,
    queryFn: ({ signal }): Promise<Memory[]> => call(memoriesApi.list, { signal }),
  });
}

function useMemoryMutation<T, R>(fn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: memoriesKey }),
  });
}

export function useAddMemory() {
  return useMemoryMutation((content: string) => call(memoriesApi.add, { body: { content } }));
}

export function useUpdateMemory() {
  return useMemoryMutation(({ id, content }: { id: string; content: string }) =>
    call(memoriesApi.update, { params: { id }, body: { content } }),
  );
}

export function useDeleteMemory() {
  return useMemoryMutation((id: string) => call(memoriesApi.remove, { params: { id } }));
}
