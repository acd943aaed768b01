import { FolderTree, RefreshCw } from "lucide-react";
import { useMemo, useState } from "react";
import { buildFileTree, countFiles, INITIALLY_EXPANDED, type TreeNode } from "@/components/content/file-tree";
import { FileTreeView } from "@/components/content/file-tree-view";
import { FileViewerDialog } from "@/components/content/file-viewer-dialog";
import { Button } from "@/components/ui/button";
import { useWorkspaceFiles } from "@/lib/resources/files";
import { PanelQuery, PanelSection } from "./panel-section";

/** The user's workspace as a tree; a file opens read-only in the viewer. */
export function FileSystemPanel() {
  const files = useWorkspaceFiles();
  const tree = useMemo(() => buildFileTree(files.data ?? []), [files.data]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set([INITIALLY_EXPANDED]));
  const [viewing, setViewing] = useState<string | null>(null);

  const toggle = (path: string, open: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(path);
      else next.delete(path);
      return next;
    });

  return (
    <PanelSection
      id="file-system"
      title="File System"
      icon={<FolderTree className="size-3.5" aria-hidden="true" />}
      actions={
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label="Refresh files"
          onClick={() => files.refetch()}
          disabled={files.isFetching}
        >
          <RefreshCw
            className={files.isFetching ? "motion-safe:animate-spin" : undefined}
            aria-hidden="true"
          />
        </Button>
      }
    >
      <PanelQuery
        query={files}
        loading="Reading your workspace..."
        failed="The workspace could not be read."
        empty="Your workspace is empty."
        isEmpty={() => tree.length === 0}
      >
        {() => (
          <>
            <p className="sr-only">{countFiles(tree)} files in /home/user</p>
            <FileTreeView
              label="Workspace files"
              nodes={tree}
              expanded={expanded}
              onToggle={toggle}
              onOpenFile={(node: TreeNode) => setViewing(node.path)}
            />
          </>
        )}
      </PanelQuery>
      <FileViewerDialog path={viewing} onClose={() => setViewing(null)} />
    </PanelSection>
  );
}
