import { type FileEntry, WORKSPACE_HOME } from "@neuroos/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FilePlus, FolderPlus, RefreshCw, Upload } from "lucide-react";
import { useId, useMemo, useRef, useState } from "react";
import { FileViewerDialog } from "@/components/content/file-viewer-dialog";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { cn } from "@/lib/cn";
import { baseName, filesKeys, useDirectory, useFileStats } from "@/lib/resources/files";
import { deleteEntries, moveEntries, named } from "./bulk";
import { type NameDialog, NameFormDialog, StatsLine } from "./file-entries";
import { FileList } from "./file-list";
import { FolderPath } from "./folder-path";
import { MoveToDialog } from "./move-dialog";
import { SELECT_ALL_ID } from "./selection-bar";
import { TrashSection } from "./trash-section";
import { UploadStatus, useUpload } from "./upload-panel";
import { useSelection } from "./use-selection";

const byKindThenName = (a: FileEntry, b: FileEntry) =>
  a.type === b.type ? baseName(a.path).localeCompare(baseName(b.path)) : a.type === "directory" ? -1 : 1;

/** /dashboard/files (and the desktop's Files window): the user's workspace as a file manager. */
export function FilesPage() {
  const [dir, setDir] = useState(WORKSPACE_HOME);
  const listing = useDirectory(dir);
  const stats = useFileStats();
  const queryClient = useQueryClient();
  const [nameDialog, setNameDialog] = useState<NameDialog | null>(null);
  const [toDelete, setToDelete] = useState<FileEntry[] | null>(null);
  const [moving, setMoving] = useState<string[] | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadInputId = useId();

  const entries = useMemo(() => [...(listing.data ?? [])].sort(byKindThenName), [listing.data]);
  const order = useMemo(() => entries.map((e) => e.path), [entries]);
  const selection = useSelection(order);
  const refresh = () => queryClient.invalidateQueries({ queryKey: filesKeys.all });
  const upload = useUpload(() => void refresh());
  const open = (folder: string) => {
    selection.clear();
    setDir(folder);
  };
  /** After the selection was moved or deleted: the keyboard goes back to the list's head. */
  const backToList = () => requestAnimationFrame(() => document.getElementById(SELECT_ALL_ID)?.focus());
  const move = (paths: string[], target: string) =>
    void moveEntries(paths, target).then((moved) => {
      if (moved > 0) selection.clear();
      void refresh();
    });
  const remove = useMutation({
    mutationFn: (doomed: FileEntry[]) => deleteEntries(doomed.map((e) => e.path)),
    onSettled: () => {
      setToDelete(null);
      selection.clear();
      void refresh().then(backToList);
    },
  });
  const selectedEntries = () => entries.filter((e) => selection.has(e.path));

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4 p-4 sm:p-6">
      <title>Files · NeuroOS</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Files</h1>
          <p className="text-sm text-muted-foreground">
            Your workspace, seen by code and the terminal as <code className="font-mono">/home/user</code>.
          </p>
        </div>
        <StatsLine stats={stats.data} />
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={fileInput}
          id={uploadInputId}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label="Files to upload"
          onChange={(event) => {
            void upload.start(dir, event.currentTarget.files);
            event.currentTarget.value = "";
          }}
        />
        <Button onClick={() => fileInput.current?.click()} disabled={upload.upload !== null}>
          <Upload aria-hidden="true" /> Upload files
        </Button>
        <Button variant="outline" onClick={() => setNameDialog({ kind: "mkfile" })}>
          <FilePlus aria-hidden="true" /> New file
        </Button>
        <Button variant="outline" onClick={() => setNameDialog({ kind: "mkdir" })}>
          <FolderPlus aria-hidden="true" /> New folder
        </Button>
        <Button variant="ghost" size="icon" aria-label="Refresh" onClick={() => void refresh()}>
          <RefreshCw aria-hidden="true" className={cn(listing.isFetching && "animate-spin")} />
        </Button>
      </div>

      <UploadStatus id={uploadInputId} state={upload} />
      <FolderPath path={dir} onOpen={open} onMove={move} />

      <Card className="overflow-hidden">
        <FileList
          dir={dir}
          listing={listing}
          entries={entries}
          selection={selection}
          onOpenFolder={open}
          onView={setViewing}
          onRename={(entry) => setNameDialog({ kind: "rename", entry })}
          onDelete={setToDelete}
          onMoveSelected={() => setMoving(selection.selected)}
          onDeleteSelected={() => setToDelete(selectedEntries())}
          onMove={move}
          onUpload={(files) => void upload.start(dir, files)}
        />
      </Card>

      <TrashSection />

      {nameDialog ? (
        <NameFormDialog
          dialog={nameDialog}
          dir={dir}
          onClose={() => setNameDialog(null)}
          onDone={(path) => {
            if (nameDialog.kind === "mkfile") setViewing(path);
            setNameDialog(null);
            void refresh();
          }}
        />
      ) : null}

      {moving ? (
        <MoveToDialog
          paths={moving}
          from={dir}
          onClose={() => setMoving(null)}
          onMoved={() => {
            setMoving(null);
            selection.clear();
            void refresh().then(backToList);
          }}
        />
      ) : null}

      <ConfirmDeleteDialog
        open={toDelete !== null}
        title={toDelete ? `Delete ${named(toDelete.map((e) => e.path))}?` : "Delete"}
        description={deleteWords(toDelete ?? [])}
        pending={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />

      <FileViewerDialog path={viewing} onClose={() => setViewing(null)} editable />
    </div>
  );
}

/** Where deleted things go, in the words that fit what is being deleted. */
function deleteWords(doomed: FileEntry[]): string {
  const kept = "where they stay 30 days (counted in your storage) until you restore them or empty it.";
  if (doomed.length > 1)
    return `The ${doomed.length} items, and everything in the folders among them, go to the trash, ${kept}`;
  return doomed[0]?.type === "directory"
    ? `The folder and everything in it go to the trash, ${kept}`
    : "The file goes to the trash, where it stays 30 days (counted in your storage) until you restore it or empty it.";
}
