import { type Memory, memorySchema } from "@neuroos/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest, getQueryFn } from "../api";

const fetchJson = getQueryFn({ on401: "throw" });

export const memoriesKey = ["/api/memories"] as const;

/** The person's remembered facts (cross-session memory), newest first. */
export function useMemories() {
  return useQuery({
    queryKey: memoriesKey,
    queryFn: async (context): Promise<Memory[]> => z.array(memorySchema).parse(await fetchJson(context)),
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
  return useMemoryMutation(async (content: string) =>
    memorySchema.parse(await apiRequest("POST", "/api/memories", { content })),
  );
}

export function useUpdateMemory() {
  return useMemoryMutation(async ({ id, content }: { id: string; content: string }) =>
    memorySchema.parse(await apiRequest("PATCH", `/api/memories/${encodeURIComponent(id)}`, { content })),
  );
}

export function useDeleteMemory() {
  return useMemoryMutation(async (id: string) =>
    apiRequest("DELETE", `/api/memories/${encodeURIComponent(id)}`),
  );
}
