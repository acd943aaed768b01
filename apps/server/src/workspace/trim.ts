import type { Figure } from "./figures";
import { removePath, type Usage } from "./ops";
import { toWorkspacePath } from "./path-guard";
import { TEMP_PREFIX } from "./safe-fs";

/** File times are the kernel's coarse clock: a file written just as code started may read a little earlier. */
export const CTIME_SLACK_MS = 20;

/**
 * Brings a workspace that code left past `quotaBytes` back within it: the files the code wrote
 * (`found.recent`) are removed, the newest first, until the rest fits. Files written before it
 * started are never touched. Returns what was removed (workspace paths) and what that freed.
 */
export async function trimTo(
  root: string,
  found: Usage,
  quotaBytes: number,
  /** Files the person saved through the files API meanwhile: theirs, never the code's to lose. */
  keep: (virtualPath: string) => boolean = () => false,
): Promise<{ result: string[]; freed: Figure }> {
  const freed: Figure = { bytes: 0, files: 0, entries: 0 };
  const removed: string[] = [];
  const newestFirst = [...found.recent].sort((a, b) => b.ctimeMs - a.ctimeMs);
  for (const file of newestFirst) {
    if (found.totalSize - freed.bytes <= quotaBytes) break;
    // An upload's staged file is the upload's, not the code's.
    if (file.segments.at(-1)?.startsWith(TEMP_PREFIX)) continue;
    const virtual = toWorkspacePath(file.segments);
    if (keep(virtual)) continue;
    const gone = await removePath(root, virtual).catch(() => null); // removed meanwhile
    if (!gone) continue;
    freed.bytes += gone.bytes;
    freed.files += gone.files;
    freed.entries += gone.entries;
    removed.push(virtual);
  }
  return { result: removed, freed };
}
