import { diffLines } from "diff";
import { mergeThree } from "@/lib/documents/merge";

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

/** The disk's lines a hunk covers: [from, to), 0-based (an insertion is empty, at `from`). */
interface Span {
  from: number;
  to: number;
}
const spanOf = (hunk: Hunk): Span => {
  const from = hunk.line - 1;
  return { from, to: from + (hunk.removed.match(/\n|[^\n]$/g)?.length ?? 0) };
};

/**
 * For a merge of `mine` with the disk's copy, both started from `base`: which hunks of disk → mine
 * keep mine by default. The three-way merge of the two (`mergeThree`) decides: a hunk keeps mine
 * where the clean merge differs from the disk at the same lines (mine changed it), and takes the
 * disk's where the merge agrees with the disk (only the disk changed it). When both changed the
 * same lines, every hunk keeps mine and the person decides.
 */
export function mineByDefault(base: string, mine: string, disk: string): (hunk: Hunk) => boolean {
  const clean = mergeThree(base, mine, disk);
  if (!clean) return () => true;
  const changed = hunksOf(disk, clean.merged).flatMap((p) => (p.kind === "hunk" ? [spanOf(p.hunk)] : []));
  // Same lines: ranges that overlap, or an insertion where the other starts.
  const same = (a: Span, b: Span) =>
    a.from === a.to || b.from === b.to ? a.from === b.from : a.from < b.to && b.from < a.to;
  return (hunk) => changed.some((c) => same(c, spanOf(hunk)));
}
