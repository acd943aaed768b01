import { withTaskAt } from "@neuroos/contracts";
import { useRef } from "react";
import { errorMessage } from "@/lib/api";
import { documentApi } from "@/lib/resources/documents";
import { toast } from "@/lib/toast";

/** Puts a deleted item back where it was (Undo), in the list as it is now; once only. */
export const reinsert = <T extends { id: string }>(items: T[], item: T, index: number): T[] =>
  items.some((t) => t.id === item.id) ? items : withTaskAt(items, item, index);

/**
 * Deleting a task of a list document: `save` stores the list without it, the trash keeps it 30
 * days (when the list is stored, `documentId`; the toast says so, or that it could not), and a toast offers Undo, which puts it back where
 * it was in the list as it is by then (and takes it out of the trash).
 */
export function useDeleteWithUndo<T extends { id: string }>(
  items: T[],
  save: (items: T[]) => void,
  nameOf: (item: T) => string,
  documentId: string | null,
): (id: string) => void {
  const latest = useRef(items);
  latest.current = items;
  return (id) => {
    const index = items.findIndex((t) => t.id === id);
    const item = items[index];
    if (!item) return;
    save(items.filter((t) => t.id !== id));
    const name = nameOf(item).trim() || "Untitled task";
    const undo = (trashId: string | null) => ({
      label: "Undo",
      run: () => {
        save(reinsert(latest.current, item, index));
        if (trashId) void documentApi.forgetTrashed(trashId).catch(() => {});
      },
    });
    if (!documentId) {
      toast({ title: "Task deleted", description: `“${name}” was deleted.`, action: undo(null) });
      return;
    }
    void documentApi.trashTask(documentId, item, index, name.slice(0, 200)).then(
      (trashId) =>
        toast({
          title: "Task deleted",
          description: `“${name}” was deleted. It stays in the trash for 30 days.`,
          action: undo(trashId),
        }),
      (err) =>
        toast({
          variant: "destructive",
          title: "Task deleted, not kept",
          description: `“${name}” was deleted but could not be kept in the trash (${errorMessage(err, "the server could not be reached")}). Undo puts it back.`,
          action: undo(null),
        }),
    );
  };
}
