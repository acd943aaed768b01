import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DiffReview, type ReviewWords } from "./diff-review";
import { mineByDefault } from "./hunks";
import type { OpenFile } from "./open-files";

const mergeWords = (name: string): ReviewWords => ({
  title: `Merge ${name}`,
  description: (n) =>
    `${n} difference${n === 1 ? "" : "s"} between the file on disk (−) and yours (+): keep yours or take the disk's for each.`,
  accept: "Keep mine",
  reject: "Take the disk's",
  apply: (mine, n) => `Save the merge (${mine} of ${n} mine)`,
});

/**
 * The open file changed (or went) on disk while it had unsaved changes: say so, and let the
 * person keep theirs, take the disk's, or merge the two hunk by hunk before anything is saved.
 */
export function DiskConflict({
  file,
  onReload,
  onKeep,
}: {
  file: OpenFile;
  onReload: (path: string) => void;
  /** Saves this text (mine, or a merge) over the version on disk. */
  onKeep: (path: string, content: string) => void;
}) {
  const [merging, setMerging] = useState(false);
  const disk = file.onDisk;
  if (!disk) return null;
  const gone = disk.version === null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-2 border-b border-border bg-warning/15 px-3 py-2 text-xs"
    >
      <span className="min-w-0 flex-1">
        {gone
          ? `${file.name} was deleted or moved on disk while you were editing it.`
          : `${file.name} changed on disk while you were editing it.`}
      </span>
      {gone ? null : (
        <Button size="sm" onClick={() => setMerging(true)}>
          Compare and merge
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={() => onKeep(file.path, file.content)}>
        {gone ? "Save mine again" : "Keep mine"}
      </Button>
      <Button size="sm" variant="outline" onClick={() => onReload(file.path)}>
        {gone ? "Close it" : "Reload from disk"}
      </Button>
      {merging ? (
        <DiffReview
          // The disk's copy changed again while comparing: the choices start over on the new one.
          key={disk.version}
          fileName={file.name}
          before={disk.content}
          after={file.content}
          words={mergeWords(file.name)}
          acceptedAtFirst={mineByDefault(file.saved, file.content, disk.content)}
          onApply={(merged) => {
            setMerging(false);
            onKeep(file.path, merged);
          }}
          onClose={() => setMerging(false)}
        />
      ) : null}
    </div>
  );
}
