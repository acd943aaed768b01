import { type TrashItem, trashItemSchema } from "@neuroos/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../api";

/** The trash list's query (a files_changed frame refreshes it too: a file deleted anywhere lands there). */
export const trashKey = ["/api/trash"] as const;

/** The person's trash, newest first. */
export function useTrash() {
  return useQuery({
    queryKey: trashKey,
    queryFn: async () => z.array(trashItemSchema).parse(await apiRequest("GET", "/api/trash")),
  });
}

/** Restore one item, delete one for good, or empty the trash; the list follows. */
export function useTrashActions() {
  const queryClient = useQueryClient();
  const settled = () => void queryClient.invalidateQueries({ queryKey: trashKey });
  return {
    restore: useMutation({
      mutationFn: (item: TrashItem) => apiRequest("POST", "/api/trash/restore", { id: item.id }),
      onSettled: settled,
    }),
    forget: useMutation({
      mutationFn: (item: TrashItem) => apiRequest("DELETE", `/api/trash/${encodeURIComponent(item.id)}`),
      onSettled: settled,
    }),
    empty: useMutation({ mutationFn: () => apiRequest("DELETE", "/api/trash"), onSettled: settled }),
  };
}
