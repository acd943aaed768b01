import { MAX_ZIP_PATHS } from "@neuroos/contracts";
import { Download, FolderInput, Trash2, X } from "lucide-react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { MAX_ZIP_URL, zipUrl } from "@/lib/resources/files";
import type { Selection } from "./use-selection";

/** The head's checkbox: where the keyboard goes back to once the selection it acted on is gone. */
export const SELECT_ALL_ID = "files-select-all";

/**
 * The list's head: a checkbox that selects every entry of the folder, and, while some are
 * selected, what can be done to them all (move, download as a zip, delete).
 */
export function SelectionBar({
  selection,
  total,
  folder,
  onMove,
  onDelete,
}: {
  selection: Selection;
  total: number;
  folder: string;
  onMove: () => void;
  onDelete: () => void;
}) {
  const count = selection.selected.length;
  const all = count > 0 && count === total;
  const zip = zipUrl(selection.selected);
  return (
    <div className="flex min-h-12 flex-wrap items-center gap-x-3 gap-y-1 border-b border-border bg-muted/40 px-3 py-1.5 sm:px-4">
      <Checkbox
        id={SELECT_ALL_ID}
        checked={all ? true : count > 0 ? "indeterminate" : false}
        aria-label={`Select everything in ${folder}`}
        onClick={(event) => {
          event.preventDefault();
          if (all) selection.clear();
          else selection.selectAll();
        }}
      />
      {/* Always there, so a screen reader hears each change of the count. */}
      <span className="text-sm font-medium" aria-live="polite">
        {count > 0 ? `${count} selected` : ""}
      </span>
      {count === 0 ? (
        <span className="text-sm text-muted-foreground">Name</span>
      ) : (
        <div className="ml-auto flex flex-wrap items-center gap-1">
          <Button size="sm" variant="ghost" onClick={onMove}>
            <FolderInput aria-hidden="true" /> Move to…
          </Button>
          {zip.length <= MAX_ZIP_URL && count <= MAX_ZIP_PATHS ? (
            <a className={buttonClasses("ghost", "sm")} href={zip} download>
              <Download aria-hidden="true" /> Download zip
            </a>
          ) : (
            <span className="px-2 text-sm text-muted-foreground">
              Too many to zip at once: select their folder
            </span>
          )}
          <Button size="sm" variant="ghost" onClick={onDelete}>
            <Trash2 aria-hidden="true" className="text-danger-text" /> Delete
          </Button>
          <Button size="icon" variant="ghost" aria-label="Clear the selection" onClick={selection.clear}>
            <X aria-hidden="true" />
          </Button>
        </div>
      )}
    </div>
  );
}
