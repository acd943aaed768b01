import { type TrashItem, trashApi } from "@neuroos/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../api";

/** The trash list's query (a files_changed frame refreshes it too: a file deleted anywhere lands there). */
export const trashKey = [trashApi.list.path] as const;

/** The person's trash, newest first. */
export function useTrash() {
  return useQuery({
    queryKey: trashKey,
    queryFn: ({ signal }) => call(trashApi.list, { signal }),
  });
}

/** Restore one item, delete one for good, or empty the trash; the list follows. */
export function useTrashActions() {
  const queryClient = useQueryClient();
  const settled = () => void queryClient.invalidateQueries({ queryKey: trashKey });
  return {
    restore: useMutation({
      mutationFn: (item: TrashItem) => call(trashApi.restore, { body: { id: item.id } }),
      onSettled: settled,
    }),
    forget: useMutation({
      mutationFn: (item: TrashItem) => call(trashApi.forget, { params: { id: item.id } }),
      onSettled: settled,
    }),
    empty: useMutation({ mutationFn: () => call(trashApi.empty), onSettled: settled }),
  };
}
