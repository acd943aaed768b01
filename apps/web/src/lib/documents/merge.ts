import { diffArrays } from "diff";

/** Why a three-way merge gave up: both sides changed the same thing differently. */
const OVERLAP = Symbol("overlap");
type Merged = unknown;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Structural equality of JSON values (key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && sameJson(a[k], b[k]));
  }
  return false;
}

/** A text as lines, each with its line break (the last may have none). */
const linesOf = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

/** One change of a text against base: base lines [start, end) become `lines`. */
interface LineEdit {
  start: number;
  end: number;
  lines: string[];
}

function lineEdits(base: string[], other: string[]): LineEdit[] {
  const edits: LineEdit[] = [];
  let at = 0;
  let open: LineEdit | null = null;
  for (const part of diffArrays(base, other)) {
    if (!part.added && !part.removed) {
      open = null;
      at += part.value.length;
      continue;
    }
    if (!open) {
      open = { start: at, end: at, lines: [] };
      edits.push(open);
    }
    if (part.added) open.lines.push(...part.value);
    else {
      at += part.value.length;
      open.end = at;
    }
  }
  return edits;
}

/**
 * Text changed on both sides (diff3 by lines): each side's changes to base applied together when
 * they touch different lines; a change on both sides at the same or adjacent lines is an overlap
 * (unless it is the same change).
 */
function mergeText(base: string, mine: string, theirs: string): string | typeof OVERLAP {
  const lines = linesOf(base);
  const all = [...lineEdits(lines, linesOf(mine)), ...lineEdits(lines, linesOf(theirs))].sort(
    (a, b) => a.start - b.start || a.end - b.end,
  );
  const kept: LineEdit[] = [];
  for (const edit of all) {
    const last = kept.at(-1);
    if (last && edit.start <= last.end) {
      const same =
        edit.start === last.start && edit.end === last.end && edit.lines.join("") === last.lines.join("");
      if (!same) return OVERLAP;
      continue;
    }
    kept.push(edit);
  }
  const out: string[] = [];
  let at = 0;
  for (const edit of kept) {
    out.push(...lines.slice(at, edit.start), ...edit.lines);
    at = edit.end;
  }
  out.push(...lines.slice(at));
  return out.join("");
}

/** The id of a list item, when items carry one (tasks, events, board tiles). */
const idOf = (item: unknown): string | null =>
  isRecord(item) && (typeof item.id === "string" || typeof item.id === "number") ? String(item.id) : null;

/** Lists of items with ids, merged item by item: theirs' order, then items only mine added. */
function mergeById(base: unknown[], mine: unknown[], theirs: unknown[]): unknown[] | typeof OVERLAP {
  const byId = (list: unknown[]) => new Map(list.map((item) => [idOf(item) as string, item]));
  const [b, m, t] = [byId(base), byId(mine), byId(theirs)];
  const out: unknown[] = [];
  // Mine's items theirs lacks: new ones are kept, ones theirs removed go unless I changed them.
  const ids = [...t.keys(), ...[...m.keys()].filter((id) => !t.has(id))];
  for (const id of ids) {
    const merged = mergeValue(b.get(id), m.get(id), t.get(id));
    if (merged === OVERLAP) return OVERLAP;
    if (merged !== undefined) out.push(merged);
  }
  return out;
}

function mergeValue(base: unknown, mine: unknown, theirs: unknown): Merged | typeof OVERLAP {
  if (sameJson(mine, theirs)) return theirs;
  if (sameJson(base, mine)) return theirs;
  if (sameJson(base, theirs)) return mine;
  if (typeof base === "string" && typeof mine === "string" && typeof theirs === "string")
    return mergeText(base, mine, theirs);
  if (isRecord(base) && isRecord(mine) && isRecord(theirs)) {
    const out: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(theirs), ...Object.keys(mine)])) {
      const merged = mergeValue(base[key], mine[key], theirs[key]);
      if (merged === OVERLAP) return OVERLAP;
      if (merged !== undefined) out[key] = merged;
    }
    return out;
  }
  const lists = [base, mine, theirs];
  if (
    lists.every(Array.isArray) &&
    lists.every((list) => (list as unknown[]).every((item) => idOf(item) !== null))
  )
    return mergeById(base as unknown[], mine as unknown[], theirs as unknown[]);
  return OVERLAP;
}

/**
 * Three-way merge of a document's value: `mine` and `theirs` both started from `base`. Changes
 * to different fields, different items of a list with ids, or different lines of a text are
 * combined; null when both sides changed the same thing differently (the person decides).
 */
export function mergeThree<T>(base: T, mine: T, theirs: T): { merged: T } | null {
  const merged = mergeValue(base, mine, theirs);
  return merged === OVERLAP ? null : { merged: merged as T };
}
