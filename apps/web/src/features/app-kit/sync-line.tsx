import { Button } from "@/components/ui/button";
import type { SyncStatus } from "@/lib/documents/document-sync";
import { useUnsavedChanges } from "@/lib/unsaved-changes";

const words: Record<SyncStatus, string> = {
  loading: "Loading...",
  saved: "Saved",
  saving: "Saving...",
  unsaved: "Unsaved changes",
  offline: "Not saved yet",
  conflict: "Changed elsewhere",
  error: "Not saved",
};

/**
 * Where a document stands (saved, saving, offline...), and the choice a conflict asks for. While
 * its edits are not on the server (offline, changed elsewhere, refused), leaving the screen asks
 * first; they stay on this device meanwhile (pending autosaves are sent on leaving anyway).
 */
export function SyncLine({
  status,
  title,
  message,
  onKeepMine,
  onTakeTheirs,
}: {
  status: SyncStatus;
  /** The document's name in the question before leaving. */
  title?: string;
  message: string | null;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  useUnsavedChanges(
    status === "conflict" || status === "error" || status === "offline",
    title ? `Your changes to “${title}” are` : "Your changes are",
    "They stay on this device and are sent when this screen is open and the server can take them.",
  );
  if (status === "conflict") {
    return (
      <div role="alert" className="grid w-full gap-2 rounded-md border border-warning p-3 text-sm">
        <p>{message}</p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={onKeepMine}>
            Keep mine
          </Button>
          <Button size="sm" variant="outline" onClick={onTakeTheirs}>
            Load the latest
          </Button>
        </div>
      </div>
    );
  }
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {words[status]}
      {message ? <span className="block text-xs">{message}</span> : null}
    </p>
  );
}
