import type { Figure } from "./figures";
import { removePath, type Usage } from "./ops";
import { toWorkspacePath } from "./path-guard";
import { TEMP_PREFIX } from "./safe-fs";

/** File times are the kernel's coarse clock: a file written just as code started may read a little earlier. */
export const CTIME_SLACK_MS = 20;

/** What the person saved meanwhile (path → size) keeps from a trim: a file at that size or larger, a folder holding one. */
export const keepSaved = (saved: Map<string, number>) => (p: string, size: number, folder: boolean) =>
  folder ? [...saved.keys()].some((kept) => kept.startsWith(`${p}/`)) : size <= (saved.get(p) ?? -1);

/**
 * The writes a person's views were told of, each file by the change seen (its ctime): two looks at
 * the same write (a terminal's after a command, the watch's while it runs) tell it once.
 */
export class ToldWrites {
  private static readonly MAX = 2000;
  private readonly told = new Map<string, number>();

  /** True the first time this change of `path` is seen. */
  firstTime(path: string, ctimeMs: number): boolean {
    if (this.told.get(path) === ctimeMs) return false;
    this.told.delete(path);
    this.told.set(path, ctimeMs);
    // The oldest go first (a Map keeps the order things were set in).
    for (const old of this.told.keys()) {
      if (this.told.size <= ToldWrites.MAX) break;
      this.told.delete(old);
    }
    return true;
  }
}

/**
 * The files code wrote that a walk with `since` found (workspace paths; uploads' staged files left
 * out); with `told`, only the changes not told of before.
 */
export const writtenFiles = (found: Usage, told?: ToldWrites) =>
  found.recent
    .filter((file) => !file.folder && !file.segments.at(-1)?.startsWith(TEMP_PREFIX))
    .map((file) => ({ path: toWorkspacePath(file.segments), ctimeMs: file.ctimeMs }))
    .filter((file) => told?.firstTime(file.path, file.ctimeMs) ?? true)
    .map((file) => file.path);

/**
 * Brings a workspace that code left past its quota (`limits.bytes`) or its entry cap back within
 * them: what the code wrote (`found.recent`) is removed, the newest first, until the rest fits
 * (folders it made only while past the cap, each with all it holds). Files written before it
 * started are never touched, nor what the person saved meanwhile (`keep`); uploads' staged files
 * go last (code can name its files so too). Returns what was removed (workspace paths) and what
 * that freed.
 */
export async function trimTo(
  root: string,
  found: Usage,
  limits: { bytes: number; entries: number },
  /** Files the person saved through the files API meanwhile (a file at this size or larger, a folder holding one): theirs, never the code's to lose. */
  keep: (virtualPath: string, size: number, folder: boolean) => boolean = () => false,
): Promise<{ result: string[]; freed: Figure }> {
  const freed: Figure = { bytes: 0, files: 0, entries: 0 };
  const removed: string[] = [];
  const pastCap = () => found.entries - freed.entries > limits.entries;
  const staged = (file: Usage["recent"][number]) => file.segments.at(-1)?.startsWith(TEMP_PREFIX) ?? false;
  const newestFirst = [...found.recent].sort((a, b) => b.ctimeMs - a.ctimeMs);
  for (const file of [...newestFirst.filter((f) => !staged(f)), ...newestFirst.filter(staged)]) {
    if (found.totalSize - freed.bytes <= limits.bytes && !pastCap()) break;
    if (file.folder && !pastCap()) continue;
    const virtual = toWorkspacePath(file.segments);
    if (!staged(file) && keep(virtual, file.size, file.folder)) continue;
    const gone = await removePath(root, virtual).catch(() => null); // removed meanwhile
    if (!gone) continue;
    freed.bytes += gone.bytes;
    freed.files += gone.files;
    freed.entries += gone.entries;
    removed.push(virtual);
  }
  return { result: removed, freed };
}
