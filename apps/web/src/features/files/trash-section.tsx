import type { TrashItem } from "@neuroos/contracts";
import { RotateCcw, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api";
import { useTrash, useTrashActions } from "@/lib/resources/trash";
import { toast } from "@/lib/toast";

/** Which app a trashed document belongs to, in words. */
const APP_OF_KIND: Record<string, string> = {
  notes: "NotesPad",
  "smart-doc": "SmartDoc",
  "logic-sheet": "LogicSheet",
  "mind-planner": "MindPlanner",
  "neuro-organizer": "Visual Organizer",
  "neuro-calendar": "Visual Calendar",
  "neuro-aac": "Communication",
  chat: "Chat session",
};

/** What a trashed item was, in words: a file, a folder, an app's document or session, or a task of one. */
function kindWords(item: TrashItem): string {
  if (item.type === "file") return item.kind === "folder" ? "Folder" : "File";
  const app = APP_OF_KIND[item.kind] ?? item.kind;
  return item.type === "task" ? `Task in ${app}` : app;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const daysLeft = (item: TrashItem) =>
  Math.max(0, Math.ceil((Date.parse(item.purgeAt) - Date.now()) / DAY_MS));

/** The trash, a place of its own under Files: restore what was deleted, or let it go for good. */
export function TrashSection() {
  const trash = useTrash();
  const actions = useTrashActions();
  const [emptying, setEmptying] = useState(false);
  const failed = (what: string) => (err: unknown) =>
    toast({
      variant: "destructive",
      title: `Not ${what}`,
      description: errorMessage(err, "Please try again."),
    });
  const items = trash.data ?? [];

  return (
    <Card className="grid gap-3 p-4" role="region" aria-labelledby="trash-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-0.5">
          <h2 id="trash-heading" className="text-lg font-semibold">
            Trash
          </h2>
          <p className="text-sm text-muted-foreground">
            Deleted files, folders, documents, tasks and chat sessions stay here for 30 days, counted in your
            space, then they are gone.
          </p>
        </div>
        <Button variant="outline" size="sm" disabled={items.length === 0} onClick={() => setEmptying(true)}>
          <Trash2 aria-hidden="true" /> Empty trash
        </Button>
      </div>
      {trash.isPending ? (
        <Spinner label="Loading the trash…" />
      ) : trash.isError ? (
        <p role="alert" className="text-sm text-danger-text">
          {errorMessage(trash.error, "The trash could not be loaded.")}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">The trash is empty.</p>
      ) : (
        <ul aria-label="Deleted items" className="divide-y divide-border">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{item.title || "Untitled"}</span>
                <span className="text-xs text-muted-foreground">
                  {kindWords(item)} · deleted {new Date(item.deletedAt).toLocaleString()} · gone in{" "}
                  {daysLeft(item)} days
                </span>
              </span>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Restore ${item.title || "Untitled"}`}
                onClick={() =>
                  actions.restore.mutate(item, {
                    onSuccess: () => toast({ title: "Restored", description: `${item.title} is back.` }),
                    onError: failed("restored"),
                  })
                }
              >
                <RotateCcw aria-hidden="true" /> Restore
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete ${item.title || "Untitled"} for good`}
                onClick={() => actions.forget.mutate(item, { onError: failed("deleted") })}
              >
                <Trash2 aria-hidden="true" /> Delete for good
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDeleteDialog
        open={emptying}
        title="Empty the trash?"
        description={`The ${items.length} item${items.length === 1 ? "" : "s"} in it will be gone for good.`}
        pending={actions.empty.isPending}
        error={
          actions.empty.error ? errorMessage(actions.empty.error, "The trash could not be emptied.") : null
        }
        onConfirm={() => actions.empty.mutate(undefined, { onSuccess: () => setEmptying(false) })}
        onClose={() => setEmptying(false)}
      />
    </Card>
  );
}
