import { ChevronRight } from "lucide-react";
import { cn } from "@/lib/cn";
import { breadcrumbs } from "@/lib/resources/files";
import { useDropTarget } from "./drag-move";

interface FolderPathProps {
  path: string;
  onOpen: (path: string) => void;
  /** Entries dropped on a folder of the path move there (the Files page; not the Move dialog). */
  onMove?: (paths: string[], target: string) => void;
  label?: string;
}

/** The trail from home to the folder shown: each folder above it a button, the last the current page. */
export function FolderPath({ path, onOpen, onMove, label = "Folder path" }: FolderPathProps) {
  const crumbs = breadcrumbs(path);
  return (
    <nav aria-label={label}>
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {crumbs.map((crumb, index) => (
          <li key={crumb.path} className="flex items-center gap-1">
            {index > 0 ? <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" /> : null}
            {index === crumbs.length - 1 ? (
              <span aria-current="page" className="px-1.5 py-1 font-medium">
                {crumb.name}
              </span>
            ) : (
              <Crumb name={crumb.name} path={crumb.path} onOpen={onOpen} onMove={onMove} />
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function Crumb({
  name,
  path,
  onOpen,
  onMove,
}: {
  name: string;
  path: string;
  onOpen: (path: string) => void;
  onMove?: (paths: string[], target: string) => void;
}) {
  const drop = useDropTarget(path, onMove ?? (() => {}));
  return (
    <button
      type="button"
      className={cn(
        "rounded px-1.5 py-1 text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring",
        drop.over && "bg-primary/15 outline-2 outline-primary",
      )}
      onClick={() => onOpen(path)}
      {...(onMove ? drop.props : {})}
    >
      {name}
    </button>
  );
}
