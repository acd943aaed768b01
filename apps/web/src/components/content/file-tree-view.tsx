import { ChevronRight, Folder, FolderOpen } from "lucide-react";
import { type KeyboardEvent, useMemo, useRef, useState } from "react";
import { cn } from "@/lib/cn";
import { FileIcon } from "./file-icon";
import { type TreeNode, type TreeRow, visibleRows } from "./file-tree";

interface FileTreeViewProps {
  nodes: TreeNode[];
  expanded: ReadonlySet<string>;
  onToggle: (path: string, open: boolean) => void;
  onOpenFile: (node: TreeNode) => void;
  label: string;
}

/**
 * The workspace as an ARIA tree: one tab stop; arrows move and open or close folders,
 * Enter or Space opens a file (or toggles a folder), Home and End jump to the ends.
 */
export function FileTreeView({ nodes, expanded, onToggle, onOpenFile, label }: FileTreeViewProps) {
  const rows = useMemo(() => visibleRows(nodes, expanded), [nodes, expanded]);
  const [focused, setFocused] = useState<string | null>(null);
  const refs = useRef(new Map<string, HTMLDivElement>());
  const current = rows.find((r) => r.node.path === focused) ?? rows[0];

  const focusRow = (row: TreeRow | undefined) => {
    if (!row) return;
    setFocused(row.node.path);
    refs.current.get(row.node.path)?.focus();
  };

  const activate = (row: TreeRow) => {
    if (row.node.type === "directory") onToggle(row.node.path, !expanded.has(row.node.path));
    else onOpenFile(row.node);
  };

  const onKeyDown = (event: KeyboardEvent, row: TreeRow, index: number) => {
    const isFolder = row.node.type === "directory";
    const isOpen = isFolder && expanded.has(row.node.path);
    let handled = true;
    switch (event.key) {
      case "ArrowDown":
        focusRow(rows[index + 1]);
        break;
      case "ArrowUp":
        focusRow(rows[index - 1]);
        break;
      case "Home":
        focusRow(rows[0]);
        break;
      case "End":
        focusRow(rows.at(-1));
        break;
      case "ArrowRight":
        if (isFolder && !isOpen) onToggle(row.node.path, true);
        else if (isOpen) focusRow(rows[index + 1]);
        break;
      case "ArrowLeft":
        if (isOpen) onToggle(row.node.path, false);
        else focusRow(rows.find((r) => r.node.path === row.parentPath));
        break;
      case "Enter":
      case " ":
        activate(row);
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  return (
    <div role="tree" aria-label={label} className="grid gap-px">
      {rows.map((row, index) => {
        const { node } = row;
        const isFolder = node.type === "directory";
        const isOpen = isFolder && expanded.has(node.path);
        return (
          <div
            key={node.path}
            ref={(el) => {
              if (el) refs.current.set(node.path, el);
              else refs.current.delete(node.path);
            }}
            role="treeitem"
            aria-level={row.level}
            aria-posinset={row.position}
            aria-setsize={row.siblings}
            aria-expanded={isFolder ? isOpen : undefined}
            aria-selected={current?.node.path === node.path}
            tabIndex={current?.node.path === node.path ? 0 : -1}
            title={node.path}
            onClick={() => {
              setFocused(node.path);
              activate(row);
            }}
            onKeyDown={(event) => onKeyDown(event, row, index)}
            onFocus={() => setFocused(node.path)}
            style={{ paddingLeft: `${(row.level - 1) * 14 + 4}px` }}
            className={cn(
              "flex cursor-pointer items-center gap-1.5 rounded-md py-1 pr-2 text-sm select-none",
              "hover:bg-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
              "aria-selected:bg-accent/60",
            )}
          >
            {isFolder ? (
              <>
                <ChevronRight
                  className={cn(
                    "size-3.5 shrink-0 text-muted-foreground transition-transform",
                    isOpen && "rotate-90",
                  )}
                  aria-hidden="true"
                />
                {isOpen ? (
                  <FolderOpen
                    className="size-4 shrink-0 text-amber-600 dark:text-amber-300"
                    aria-hidden="true"
                  />
                ) : (
                  <Folder className="size-4 shrink-0 text-amber-600 dark:text-amber-300" aria-hidden="true" />
                )}
              </>
            ) : (
              <>
                <span className="w-3.5 shrink-0" aria-hidden="true" />
                <FileIcon name={node.name} />
              </>
            )}
            <span className="truncate">{node.name}</span>
          </div>
        );
      })}
    </div>
  );
}
