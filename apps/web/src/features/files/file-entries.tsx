import { type FileEntry, imageTypeOf } from "@neuroos/contracts";
import { useMutation } from "@tanstack/react-query";
import { Download, Eye, File, FileCode, FileText, Folder, LoaderCircle, Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { isPdf } from "@/components/content/file-preview";
import { Button, buttonClasses } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { formatBytes } from "@/lib/format";
import {
  baseName,
  downloadUrl,
  fileApi,
  joinPath,
  nameError,
  type useFileStats,
} from "@/lib/resources/files";
import { toast } from "@/lib/toast";
import { dragSource, useDropTarget } from "./drag-move";
import type { PickKeys } from "./use-selection";

export function StatsLine({ stats }: { stats: ReturnType<typeof useFileStats>["data"] }) {
  if (!stats) return null;
  // Text the person sent to search and files in the trash count against the quota with the files.
  const usedBytes = stats.totalSize + stats.indexSize + stats.trashSize;
  const used = usedBytes / stats.quota.maxWorkspaceBytes;
  const elsewhere = [
    ...(stats.indexSize > 0 ? [`${formatBytes(stats.indexSize)} of it text sent to search`] : []),
    ...(stats.trashSize > 0 ? [`${formatBytes(stats.trashSize)} of it in the trash`] : []),
  ];
  return (
    <div className="grid min-w-48 gap-1 text-sm" data-testid="file-stats">
      <p className="text-muted-foreground">
        {stats.totalFiles} {stats.totalFiles === 1 ? "file" : "files"} · {formatBytes(usedBytes)} of{" "}
        {formatBytes(stats.quota.maxWorkspaceBytes)} used
        {elsewhere.length > 0 && ` (${elsewhere.join("; ")})`}
      </p>
      <progress
        className="h-1.5 w-full appearance-none overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary [&::-moz-progress-bar]:bg-primary"
        max={1000}
        value={Math.min(1000, Math.round(used * 1000))}
        aria-label="Workspace storage used"
      />
    </div>
  );
}

interface EntryRowProps {
  entry: FileEntry;
  selected: boolean;
  /** A click on the row or its checkbox (which toggles) picks it, as the keys held say. */
  onPick: (keys: PickKeys, toggles: boolean) => void;
  /** What dragging the row carries (itself, or the selection it is part of). */
  dragged: () => string[];
  /** Entries dropped on a folder's row move into it. */
  onMove: (paths: string[], target: string) => void;
  onOpenFolder: () => void;
  onView: () => void;
  onRename: () => void;
  onDelete: () => void;
}

/** A click on the row itself, not on one of its controls. */
const onRowItself = (event: MouseEvent) =>
  !(event.target instanceof Element && event.target.closest("button, a, input"));

export function EntryRow(props: EntryRowProps) {
  const { entry, selected, onPick, onOpenFolder, onView, onRename, onDelete } = props;
  const name = baseName(entry.path);
  const isDir = entry.type === "directory";
  const openable = isDir || isTextFile(name) || imageTypeOf(name) !== null || isPdf(name);
  const drop = useDropTarget(entry.path, props.onMove);
  const nameClasses =
    "flex min-w-0 items-center gap-2 rounded text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the checkbox is the keyboard's way to select
    <li
      className={cn(
        "flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 sm:flex-nowrap sm:px-4",
        selected && "bg-primary/10",
        drop.over && "bg-primary/20 outline-2 -outline-offset-2 outline-primary",
      )}
      data-testid="file-row"
      {...dragSource(props.dragged)}
      {...(isDir ? drop.props : {})}
      onClick={(event) => onRowItself(event.nativeEvent) && onPick(event, false)}
    >
      <div className="flex min-w-0 flex-1 basis-full items-center gap-2 sm:basis-auto">
        <Checkbox
          checked={selected}
          aria-label={`Select ${name}`}
          onClick={(event) => {
            event.preventDefault();
            onPick(event, true);
          }}
        />
        {openable ? (
          <button
            type="button"
            className={cn(nameClasses, "hover:underline")}
            onClick={isDir ? onOpenFolder : onView}
            aria-label={isDir ? `Open folder ${name}` : `View ${name}`}
          >
            <EntryIcon entry={entry} />
            <span className="truncate font-medium">{name}</span>
          </button>
        ) : (
          <span className={nameClasses}>
            <EntryIcon entry={entry} />
            <span className="truncate font-medium">{name}</span>
          </span>
        )}
      </div>
      <span className="w-20 shrink-0 text-sm text-muted-foreground tabular-nums sm:text-right">
        {isDir ? "—" : formatBytes(entry.size)}
      </span>
      <time className="w-40 shrink-0 text-sm text-muted-foreground" dateTime={entry.modified}>
        {dateFormat.format(new Date(entry.modified))}
      </time>
      <div className="ml-auto flex shrink-0 items-center gap-0.5">
        {!isDir && openable ? (
          <Button variant="ghost" size="icon" aria-label={`Open ${name}`} onClick={onView}>
            <Eye aria-hidden="true" />
          </Button>
        ) : null}
        {!isDir ? (
          <a
            className={buttonClasses("ghost", "icon")}
            href={downloadUrl(entry.path)}
            download={name}
            aria-label={`Download ${name}`}
          >
            <Download aria-hidden="true" />
          </a>
        ) : null}
        <Button variant="ghost" size="icon" aria-label={`Rename ${name}`} onClick={onRename}>
          <Pencil aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Delete ${name}`} onClick={onDelete}>
          <Trash2 aria-hidden="true" className="text-danger-text" />
        </Button>
      </div>
    </li>
  );
}

export function NameFormDialog({
  dialog,
  dir,
  onClose,
  onDone,
}: {
  dialog: NameDialog;
  dir: string;
  onClose: () => void;
  onDone: (path: string) => void;
}) {
  const initial = dialog.kind === "rename" ? baseName(dialog.entry.path) : "";
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: async (value: string) => {
      if (dialog.kind === "mkdir") {
        await fileApi.mkdir(joinPath(dir, value));
        return joinPath(dir, value);
      }
      if (dialog.kind === "mkfile") {
        await fileApi.write(joinPath(dir, value), "", { overwrite: false });
        return joinPath(dir, value);
      }
      const from = dialog.entry.path;
      const parent = from.slice(0, from.lastIndexOf("/")) || "/";
      await fileApi.move(from, joinPath(parent, value));
      return joinPath(parent, value);
    },
    onSuccess: (path, value) => {
      const done = {
        mkdir: `Created folder ${value}`,
        mkfile: `Created ${value}`,
        rename: `Renamed to ${value}`,
      };
      toast({ title: done[dialog.kind] });
      onDone(path);
    },
    onError: (err) => setError(errorMessage(err, "Something went wrong. Please try again.")),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = nameError(name);
    if (problem) {
      setError(problem);
      return;
    }
    if (dialog.kind === "rename" && name.trim() === initial) {
      onClose();
      return;
    }
    mutation.mutate(name.trim());
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={
        dialog.kind === "mkdir" ? "New folder" : dialog.kind === "mkfile" ? "New file" : `Rename ${initial}`
      }
    >
      <form className="grid gap-4 p-5" onSubmit={submit} noValidate>
        <TextField
          name="name"
          label={
            dialog.kind === "mkdir" ? "Folder name" : dialog.kind === "mkfile" ? "File name" : "New name"
          }
          value={name}
          autoComplete="off"
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? (
              <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
            ) : null}
            {dialog.kind === "rename" ? "Rename" : "Create"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const textExtensions =
  /\.(txt|md|markdown|py|js|mjs|cjs|ts|tsx|jsx|json|ya?ml|toml|ini|cfg|csv|tsv|html?|css|scss|sh|bash|xml|sql|log|env|gitignore|rs|go|java|c|h|cpp|hpp|rb|php)$/i;

export function isTextFile(name: string): boolean {
  return textExtensions.test(name) || !name.includes(".");
}

export function EntryIcon({ entry }: { entry: FileEntry }) {
  if (entry.type === "directory")
    return <Folder className="size-5 shrink-0 text-primary" aria-hidden="true" />;
  const name = baseName(entry.path);
  if (/\.(py|js|mjs|ts|tsx|jsx|sh|json)$/i.test(name))
    return <FileCode className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />;
  if (isTextFile(name))
    return <FileText className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />;
  return <File className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />;
}

export type NameDialog =
  | { kind: "mkdir" }
  | { kind: "mkfile" }
  | { kind: "rename"; entry: Pick<FileEntry, "path"> };
