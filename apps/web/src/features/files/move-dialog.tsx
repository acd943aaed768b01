import { Folder, FolderInput, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api";
import { baseName, useDirectory } from "@/lib/resources/files";
import { folderName, moveEntries, moveRefusal, named, within } from "./bulk";
import { FolderPath } from "./folder-path";

/**
 * 'Move to…': the keyboard's and a single pointer's way to move (drag and drop is the other).
 * The person walks the folders from where the entries are, then moves them into the one shown.
 */
export function MoveToDialog({
  paths,
  from,
  onClose,
  onMoved,
}: {
  paths: string[];
  from: string;
  onClose: () => void;
  onMoved: () => void;
}) {
  const [at, setAt] = useState(from);
  const [pending, setPending] = useState(false);
  const listing = useDirectory(at);
  const folders = (listing.data ?? [])
    .filter((e) => e.type === "directory")
    .sort((a, b) => baseName(a.path).localeCompare(baseName(b.path)));
  const refusal = moveRefusal(paths, at);

  async function moveHere() {
    setPending(true);
    try {
      if ((await moveEntries(paths, at)) > 0) onMoved();
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Move ${named(paths)} to…`}
      description="Open the folder to move into, then choose Move here."
    >
      <div className="grid gap-3 p-5">
        <FolderPath path={at} onOpen={setAt} label="Folder to move into" />
        <div className="max-h-72 min-h-24 overflow-auto rounded-md border border-border">
          {listing.isPending ? (
            <Spinner label="Loading folders…" />
          ) : listing.isError ? (
            <p role="alert" className="p-3 text-sm text-danger-text">
              {errorMessage(listing.error, "The folders could not be loaded.")}
            </p>
          ) : folders.length === 0 ? (
            <p className="p-3 text-sm text-muted-foreground">No folders inside {folderName(at)}.</p>
          ) : (
            <ul aria-label={`Folders in ${folderName(at)}`} className="divide-y divide-border">
              {folders.map((folder) => {
                const moving = paths.some((p) => within(folder.path, p));
                return (
                  <li key={folder.path}>
                    <button
                      type="button"
                      disabled={moving}
                      className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
                      onClick={() => setAt(folder.path)}
                      aria-label={`Open folder ${baseName(folder.path)}${moving ? " (being moved)" : ""}`}
                    >
                      <Folder className="size-4 shrink-0 text-primary" aria-hidden="true" />
                      <span className="truncate">{baseName(folder.path)}</span>
                      {moving ? (
                        <span className="ml-auto text-xs text-muted-foreground">being moved</span>
                      ) : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {refusal ?? `${named(paths)} will move into ${folderName(at)}.`}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={refusal !== null || pending} onClick={() => void moveHere()}>
            {pending ? (
              <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
            ) : (
              <FolderInput aria-hidden="true" />
            )}
            Move here
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
