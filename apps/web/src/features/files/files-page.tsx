import { type FileEntry, WORKSPACE_HOME } from "@neuroos/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ChevronRight, Folder, FolderPlus, RefreshCw, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { FileViewerDialog } from "../../components/content/file-viewer-dialog";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ConfirmDeleteDialog } from "../../components/ui/confirm-delete-dialog";
import { toastDeleted } from "../../components/ui/deleted-toast";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/use-toast";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import {
  baseName,
  breadcrumbs,
  fileApi,
  filesKeys,
  uploadFiles,
  useDirectory,
  useFileStats,
} from "../../lib/resources/files";
import { EntryRow, type NameDialog, NameFormDialog, StatsLine } from "./file-entries";
import { TrashSection } from "./trash-section";

/** /dashboard/files: the user's workspace as a file manager. */
export function FilesPage() {
  const [dir, setDir] = useState(WORKSPACE_HOME);
  const listing = useDirectory(dir);
  const stats = useFileStats();
  const queryClient = useQueryClient();
  const [nameDialog, setNameDialog] = useState<NameDialog | null>(null);
  const [toDelete, setToDelete] = useState<FileEntry | null>(null);
  const [viewing, setViewing] = useState<FileEntry | null>(null);
  const [upload, setUpload] = useState<{ names: string[]; progress: number } | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadInputId = useId();

  const refresh = () => queryClient.invalidateQueries({ queryKey: filesKeys.all });

  const remove = useMutation({
    mutationFn: (entry: FileEntry) => fileApi.remove(entry.path),
    onSuccess: (_data, entry) => {
      toastDeleted(baseName(entry.path), () => fileApi.restore(entry.path));
      setToDelete(null);
      void refresh();
    },
    onError: (error) =>
      toast({
        title: "Could not delete",
        description: errorMessage(error, "Please try again."),
        variant: "destructive",
      }),
  });

  async function startUpload(list: FileList | null) {
    const files = list ? Array.from(list) : [];
    if (files.length === 0) return;
    setUploadError(null);
    setUpload({ names: files.map((f) => f.name), progress: 0 });
    try {
      await uploadFiles(dir, files, (progress) =>
        setUpload((current) => (current ? { ...current, progress } : current)),
      ).promise;
      toast({ title: files.length === 1 ? `Uploaded ${files[0]?.name}` : `Uploaded ${files.length} files` });
      void refresh();
    } catch (error) {
      setUploadError(
        errorMessage(error, error instanceof Error ? error.message : "The upload failed. Please try again."),
      );
    } finally {
      setUpload(null);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  const entries = [...(listing.data ?? [])].sort((a, b) =>
    a.type === b.type ? baseName(a.path).localeCompare(baseName(b.path)) : a.type === "directory" ? -1 : 1,
  );
  const crumbs = breadcrumbs(dir);

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
          onChange={(event) => void startUpload(event.currentTarget.files)}
        />
        <Button onClick={() => fileInput.current?.click()} disabled={upload !== null}>
          <Upload aria-hidden="true" /> Upload files
        </Button>
        <Button variant="outline" onClick={() => setNameDialog({ kind: "mkdir" })}>
          <FolderPlus aria-hidden="true" /> New folder
        </Button>
        <Button variant="ghost" size="icon" aria-label="Refresh" onClick={() => void refresh()}>
          <RefreshCw aria-hidden="true" className={cn(listing.isFetching && "animate-spin")} />
        </Button>
      </div>

      {upload ? (
        <div className="grid gap-1.5 rounded-lg border border-border bg-card p-3" aria-live="polite">
          <p className="truncate text-sm" id={`${uploadInputId}-progress`}>
            Uploading {upload.names.join(", ")} — {Math.round(upload.progress * 100)}%
          </p>
          <progress
            className="h-2 w-full appearance-none overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary [&::-moz-progress-bar]:bg-primary"
            max={100}
            value={Math.round(upload.progress * 100)}
            aria-labelledby={`${uploadInputId}-progress`}
          />
        </div>
      ) : null}
      {uploadError ? (
        <div
          role="alert"
          className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-danger-text/40 bg-card p-3 text-sm text-danger-text"
        >
          <span>
            <strong>Upload failed:</strong> {uploadError}
          </span>
          <Button size="sm" variant="ghost" onClick={() => setUploadError(null)}>
            Dismiss
          </Button>
        </div>
      ) : null}

      <nav aria-label="Folder path">
        <ol className="flex flex-wrap items-center gap-1 text-sm">
          {crumbs.map((crumb, index) => {
            const last = index === crumbs.length - 1;
            return (
              <li key={crumb.path} className="flex items-center gap-1">
                {index > 0 ? (
                  <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
                ) : null}
                {last ? (
                  <span aria-current="page" className="px-1.5 py-1 font-medium">
                    {crumb.name}
                  </span>
                ) : (
                  <button
                    type="button"
                    className="rounded px-1.5 py-1 text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                    onClick={() => setDir(crumb.path)}
                  >
                    {crumb.name}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      </nav>

      <Card className="overflow-hidden">
        {listing.isPending ? (
          <Spinner label="Loading files…" />
        ) : listing.isError ? (
          <div role="alert" className="grid gap-3 p-6 text-sm">
            <p className="text-danger-text">
              {errorMessage(listing.error, "The files could not be loaded.")}
            </p>
            <div className="flex gap-2">
              <Button size="sm" variant="outline" onClick={() => void listing.refetch()}>
                Try again
              </Button>
              {dir !== WORKSPACE_HOME ? (
                <Button size="sm" variant="ghost" onClick={() => setDir(WORKSPACE_HOME)}>
                  Go to home
                </Button>
              ) : null}
            </div>
          </div>
        ) : entries.length === 0 ? (
          <div className="grid justify-items-center gap-2 p-10 text-center text-sm text-muted-foreground">
            <Folder className="size-8" aria-hidden="true" />
            <p className="font-medium text-foreground">This folder is empty</p>
            <p>Upload files or create a folder to get started.</p>
          </div>
        ) : (
          <ul aria-label={`Contents of ${dir}`} className="divide-y divide-border">
            {entries.map((entry) => (
              <EntryRow
                key={entry.path}
                entry={entry}
                onOpenFolder={() => setDir(entry.path)}
                onView={() => setViewing(entry)}
                onRename={() => setNameDialog({ kind: "rename", entry })}
                onDelete={() => setToDelete(entry)}
              />
            ))}
          </ul>
        )}
      </Card>

      <TrashSection />

      {nameDialog ? (
        <NameFormDialog
          dialog={nameDialog}
          dir={dir}
          onClose={() => setNameDialog(null)}
          onDone={() => {
            setNameDialog(null);
            void refresh();
          }}
        />
      ) : null}

      <ConfirmDeleteDialog
        open={toDelete !== null}
        title={toDelete ? `Delete ${baseName(toDelete.path)}?` : "Delete"}
        description={
          toDelete?.type === "directory"
            ? "The folder and everything in it go to the trash, where they stay 30 days (counted in your storage) until you restore them or empty it."
            : "The file goes to the trash, where it stays 30 days (counted in your storage) until you restore it or empty it."
        }
        pending={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />

      <FileViewerDialog path={viewing?.path ?? null} onClose={() => setViewing(null)} editable />
    </div>
  );
}
