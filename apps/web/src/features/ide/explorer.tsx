import { useQueryClient } from "@tanstack/react-query";
import { FilePlus2, FolderPlus, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { buildFileTree } from "@/components/content/file-tree";
import { FileTreeView } from "@/components/content/file-tree-view";
import { Button } from "@/components/ui/button";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api";
import { fileApi, filesKeys, useWorkspaceFiles } from "@/lib/resources/files";
import { type NameDialog, NameFormDialog } from "../files";
import { baseName } from "./open-files";

export const SEED_FOLDER = "/home/user/src";
const parentOf = (path: string) => path.slice(0, path.lastIndexOf("/")) || "/home/user";

/**
 * The workspace as a tree (the files API and its path guard): open files; create files and
 * folders in the selected folder; rename and delete what is selected.
 */
export function Explorer({
  onOpen,
  onRenamed,
  onDeleted,
}: {
  onOpen: (path: string) => void;
  onRenamed: (from: string, to: string) => void;
  onDeleted: (path: string) => void;
}) {
  const files = useWorkspaceFiles();
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set([SEED_FOLDER]));
  const [selected, setSelected] = useState<{ path: string; folder: boolean } | null>(null);
  const [dialog, setDialog] = useState<NameDialog | null>(null);
  const [deleting, setDeleting] = useState<{ pending: boolean; error: string | null } | null>(null);
  const folder = selected ? (selected.folder ? selected.path : parentOf(selected.path)) : SEED_FOLDER;
  const refresh = () => queryClient.invalidateQueries({ queryKey: filesKeys.all });

  const remove = async () => {
    if (!selected) return;
    setDeleting({ pending: true, error: null });
    try {
      await fileApi.remove(selected.path);
      onDeleted(selected.path);
      setSelected(null);
      setDeleting(null);
      void refresh();
    } catch (err) {
      setDeleting({ pending: false, error: errorMessage(err, "It could not be deleted.") });
    }
  };

  return (
    <section aria-label="Explorer" className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-1 border-b border-border px-2 py-1">
        <h2 className="flex-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          Explorer
        </h2>
        <Button
          size="icon"
          variant="ghost"
          aria-label="New file"
          title="New file"
          className="size-8"
          onClick={() => setDialog({ kind: "mkfile" })}
        >
          <FilePlus2 aria-hidden="true" />
        </Button>
        <Button
          size="icon"
          variant="ghost"
          aria-label="New folder"
          title="New folder"
          className="size-8"
          onClick={() => setDialog({ kind: "mkdir" })}
        >
          <FolderPlus aria-hidden="true" />
        </Button>
        <Button
          size="icon"
          variant="ghost"
          className="size-8"
          aria-label={selected ? `Rename ${baseName(selected.path)}` : "Rename"}
          title="Rename"
          disabled={!selected}
          onClick={() => selected && setDialog({ kind: "rename", entry: { path: selected.path } })}
        >
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          size="icon"
          variant="ghost"
          className="size-8"
          aria-label={selected ? `Delete ${baseName(selected.path)}` : "Delete"}
          title="Delete"
          disabled={!selected}
          onClick={() => setDeleting({ pending: false, error: null })}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-auto p-1 text-sm">
        {files.isPending ? (
          <Spinner label="Loading your files..." />
        ) : files.isError ? (
          <p role="alert" className="p-2 text-danger-text">
            {errorMessage(files.error, "Your files could not be listed.")}
          </p>
        ) : (
          <FileTreeView
            label="Workspace files"
            nodes={buildFileTree(files.data)}
            expanded={expanded}
            onToggle={(path, open) => {
              setSelected({ path, folder: true });
              setExpanded((set) => {
                const next = new Set(set);
                if (open) next.add(path);
                else next.delete(path);
                return next;
              });
            }}
            onOpenFile={(node) => {
              setSelected({ path: node.path, folder: false });
              onOpen(node.path);
            }}
          />
        )}
      </div>
      {selected ? (
        <p className="truncate border-t border-border px-2 py-1 text-xs text-muted-foreground">
          Selected: {selected.path}
        </p>
      ) : null}
      {dialog ? (
        <NameFormDialog
          dialog={dialog}
          dir={folder}
          onClose={() => setDialog(null)}
          onDone={(path) => {
            if (dialog.kind === "rename" && selected) {
              onRenamed(selected.path, path);
              setSelected({ path, folder: selected.folder });
            } else if (dialog.kind === "mkfile") {
              setSelected({ path, folder: false });
              onOpen(path);
            } else setSelected({ path, folder: true });
            setExpanded((set) => new Set(set).add(dialog.kind === "mkdir" ? path : folder));
            setDialog(null);
            void refresh();
          }}
        />
      ) : null}
      <ConfirmDeleteDialog
        open={deleting !== null}
        title={selected ? `Delete ${baseName(selected.path)}?` : "Delete"}
        description={
          selected?.folder
            ? "The folder and everything in it go to the trash in Files, where they stay 30 days until you restore them or empty the trash."
            : "The file goes to the trash in Files, where it stays 30 days until you restore it or empty the trash."
        }
        pending={deleting?.pending ?? false}
        error={deleting?.error}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
