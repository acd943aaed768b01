import type { AppDocumentSummary } from "@neuroos/contracts";
import { FilePlus2, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { toastDeleted } from "@/components/ui/deleted-toast";
import { errorMessage } from "@/lib/api";
import { toast } from "@/lib/toast";

const NOT_SWITCHED =
  "Your changes here are not saved yet (offline or changed elsewhere): try again once they are.";

/** The app's documents: pick one to open, start a new one, delete the open one (asked first). */
export function DocumentBar({
  noun,
  documents,
  openId,
  defaultTitle,
  onOpen,
  onCreate,
  onRemove,
  onRestore,
}: {
  /** What a document is called in this app: 'note', 'document', 'sheet', 'plan'. */
  noun: string;
  documents: AppDocumentSummary[];
  openId: string | null;
  defaultTitle: string;
  onOpen: (id: string) => Promise<boolean>;
  onCreate: () => Promise<boolean>;
  onRemove: (id: string) => Promise<void>;
  /** Takes a deleted one back from the trash (the toast's Undo). */
  onRestore: (id: string) => Promise<boolean>;
}) {
  const selectId = useId();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const open = documents.find((doc) => doc.id === openId);

  const switched = (ok: boolean) => {
    if (!ok) toast({ variant: "destructive", title: "Not switched", description: NOT_SWITCHED });
  };
  const remove = async () => {
    if (!openId) return;
    const id = openId;
    const name = open?.title || defaultTitle;
    setDeleting(true);
    setDeleteError(null);
    try {
      await onRemove(id);
      setConfirming(false);
      toastDeleted(name, () => onRestore(id));
    } catch (err) {
      setDeleteError(errorMessage(err, `The ${noun} could not be deleted.`));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid min-w-0 flex-1 basis-48 gap-1">
        <label htmlFor={selectId} className="text-sm font-medium">
          Open {noun}
        </label>
        <select
          id={selectId}
          value={openId ?? ""}
          onChange={(event) =>
            event.currentTarget.value && void onOpen(event.currentTarget.value).then(switched)
          }
          className="h-9 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {openId === null ? <option value="">New {noun} (not saved yet)</option> : null}
          {documents.map((doc) => (
            <option key={doc.id} value={doc.id}>
              {doc.title || defaultTitle}
            </option>
          ))}
        </select>
      </div>
      <Button variant="outline" onClick={() => void onCreate().then(switched)}>
        <FilePlus2 aria-hidden="true" /> New {noun}
      </Button>
      <Button variant="outline" disabled={!openId} onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden="true" /> Delete
      </Button>
      <ConfirmDeleteDialog
        open={confirming}
        title={`Delete ${open?.title || defaultTitle}?`}
        description={`The ${noun} goes to the trash in Files, where it stays 30 days (counted in your space) until you restore it or empty the trash.`}
        pending={deleting}
        error={deleteError}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
