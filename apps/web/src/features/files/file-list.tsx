import { type FileEntry, WORKSPACE_HOME } from "@neuroos/contracts";
import { Folder } from "lucide-react";
import { type DragEvent, type KeyboardEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import type { useDirectory } from "@/lib/resources/files";
import { folderName } from "./bulk";
import { EntryRow } from "./file-entries";
import { SelectionBar } from "./selection-bar";
import type { Selection } from "./use-selection";

interface FileListProps {
  dir: string;
  listing: ReturnType<typeof useDirectory>;
  entries: FileEntry[];
  selection: Selection;
  onOpenFolder: (path: string) => void;
  onView: (path: string) => void;
  onRename: (entry: FileEntry) => void;
  onDelete: (entries: FileEntry[]) => void;
  onMoveSelected: () => void;
  onDeleteSelected: () => void;
  onMove: (paths: string[], target: string) => void;
  /** Files dropped from the person's computer onto the list. */
  onUpload: (files: FileList) => void;
}

const typing = (event: KeyboardEvent) =>
  event.target instanceof HTMLElement && event.target.closest("input, textarea, [contenteditable=true]");

/**
 * One folder's entries: select them (checkboxes, Shift and Ctrl/⌘, Ctrl/⌘+A, Escape), drag them
 * onto a folder, act on the selection from the head (Delete asks first), or drop files from the
 * computer to upload them here.
 */
export function FileList(props: FileListProps) {
  const { dir, listing, entries, selection } = props;
  const [filesOver, setFilesOver] = useState(false);
  const fromComputer = (event: DragEvent) => event.dataTransfer.types.includes("Files");

  function onKeyDown(event: KeyboardEvent) {
    if (typing(event)) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "a") {
      event.preventDefault();
      selection.selectAll();
    } else if (event.key === "Escape" && selection.selected.length > 0) {
      event.preventDefault();
      selection.clear();
    } else if (event.key === "Delete" && selection.selected.length > 0) {
      event.preventDefault();
      props.onDeleteSelected();
    }
  }

  if (listing.isPending) return <Spinner label="Loading files…" />;
  if (listing.isError)
    return (
      <div role="alert" className="grid gap-3 p-6 text-sm">
        <p className="text-danger-text">{errorMessage(listing.error, "The files could not be loaded.")}</p>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => void listing.refetch()}>
            Try again
          </Button>
          {dir !== WORKSPACE_HOME ? (
            <Button size="sm" variant="ghost" onClick={() => props.onOpenFolder(WORKSPACE_HOME)}>
              Go to home
            </Button>
          ) : null}
        </div>
      </div>
    );
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop zone for files from the computer; Upload files is its keyboard path
    <div
      className={cn(filesOver && "outline-2 -outline-offset-2 outline-primary")}
      onDragOver={(event) => {
        if (!fromComputer(event)) return;
        event.preventDefault();
        setFilesOver(true);
      }}
      onDragLeave={() => setFilesOver(false)}
      onDrop={(event) => {
        setFilesOver(false);
        if (!fromComputer(event)) return;
        event.preventDefault();
        props.onUpload(event.dataTransfer.files);
      }}
    >
      {entries.length === 0 ? (
        <div className="grid justify-items-center gap-2 p-10 text-center text-sm text-muted-foreground">
          <Folder className="size-8" aria-hidden="true" />
          <p className="font-medium text-foreground">This folder is empty</p>
          <p>Upload files, drop them here, or create a file or folder to get started.</p>
        </div>
      ) : (
        <>
          <SelectionBar
            selection={selection}
            total={entries.length}
            folder={folderName(dir)}
            onMove={props.onMoveSelected}
            onDelete={props.onDeleteSelected}
          />
          <ul aria-label={`Contents of ${dir}`} className="divide-y divide-border" onKeyDown={onKeyDown}>
            {entries.map((entry) => (
              <EntryRow
                key={entry.path}
                entry={entry}
                selected={selection.has(entry.path)}
                onPick={(keys, toggles) => selection.pick(entry.path, keys, toggles)}
                dragged={() => (selection.has(entry.path) ? selection.selected : [entry.path])}
                onMove={props.onMove}
                onOpenFolder={() => props.onOpenFolder(entry.path)}
                onView={() => props.onView(entry.path)}
                onRename={() => props.onRename(entry)}
                onDelete={() => props.onDelete([entry])}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
