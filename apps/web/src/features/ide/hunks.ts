import { diffLines } from "diff";

/** One change of a proposed edit: lines removed and lines added at one place. */
export interface Hunk {
  index: number;
  removed: string;
  added: string;
  /** Where it starts in the old file (1-based line). */
  line: number;
}

type Part = { kind: "same"; text: string } | { kind: "hunk"; hunk: Hunk };

/** The edit from `before` to `after`, as unchanged text and hunks. */
export function hunksOf(before: string, after: string): Part[] {
  const parts: Part[] = [];
  let line = 1;
  let open: Hunk | null = null;
  for (const change of diffLines(before, after)) {
    if (!change.added && !change.removed) {
      open = null;
      parts.push({ kind: "same", text: change.value });
      line += change.count ?? 0;
      continue;
    }
    if (!open) {
      open = { index: parts.filter((p) => p.kind === "hunk").length, removed: "", added: "", line };
      parts.push({ kind: "hunk", hunk: open });
    }
    if (change.added) open.added += change.value;
    else {
      open.removed += change.value;
      line += change.count ?? 0;
    }
  }
  return parts;
}

/** The file with the accepted hunks applied and the rejected ones left as they were. */
export function applyHunks(parts: Part[], accepted: ReadonlySet<number>): string {
  return parts
    .map((part) =>
      part.kind === "same" ? part.text : accepted.has(part.hunk.index) ? part.hunk.added : part.hunk.removed,
    )
    .join("");
}

/**
 * For a merge of `mine` (after) with the disk's copy (before): whether a hunk keeps mine by
 * default. It takes the disk's when only the disk changed it since `base` (what both started
 * from): the disk's side is new or mine is what base had; a hunk both changed keeps mine.
 */
export function keepsMineByDefault(hunk: Hunk, base: string): boolean {
  const inBase = (text: string) => text === "" || base.includes(text);
  const diskChanged = !inBase(hunk.removed) || (hunk.removed === "" && base.includes(hunk.added));
  const mineChanged = !inBase(hunk.added) || (hunk.added === "" && base.includes(hunk.removed));
  return mineChanged || !diskChanged;
}
