import { createHash, randomBytes } from "node:crypto";
import { constants as C, type Stats } from "node:fs";
import fs, { type FileHandle } from "node:fs/promises";
import type { Readable } from "node:stream";
import type { FileEntry } from "@neuroos/contracts";
import { AppError } from "../http/errors";
import { toWorkspacePath } from "./path-guard";
import { at, type Freed, fsError, openDirAt, removeAt, TEMP_PREFIX, withResolved } from "./safe-fs";

/** File operations on one workspace root; every path goes through the guard in safe-fs.ts. */

export function entryOf(segments: string[], stat: Stats): FileEntry {
  const type = stat.isDirectory() ? "directory" : stat.isSymbolicLink() ? "symlink" : "file";
  return {
    path: toWorkspacePath(segments),
    type,
    size: type === "file" ? stat.size : 0,
    modified: stat.mtime.toISOString(),
  };
}

async function walk(
  dirFd: number,
  segments: string[],
  visit: (segments: string[], stat: Stats) => boolean,
  recursive: boolean,
  withTemp = false,
): Promise<boolean> {
  const names = (await fs.readdir(`/proc/self/fd/${dirFd}`)).sort();
  for (const name of names) {
    if (name.startsWith(TEMP_PREFIX) && !withTemp) continue;
    const stat = await fs.lstat(at(dirFd, name)).catch(() => null);
    if (!stat) continue; // removed meanwhile
    const here = [...segments, name];
    if (!visit(here, stat)) return false;
    if (recursive && stat.isDirectory()) {
      const sub = await openDirAt(dirFd, name).catch(() => null);
      if (!sub) continue;
      try {
        if (!(await walk(sub.fd, here, visit, recursive, withTemp))) return false;
      } finally {
        await sub.close();
      }
    }
  }
  return true;
}

/** Opens the folder `input` names (following links that stay inside). */
async function withFolder<T>(
  root: string,
  input: string,
  fn: (fd: number, segments: string[]) => Promise<T>,
) {
  return withResolved(root, input, { followLast: true }, async (r) => {
    if (r.name === null) return fn(r.dir.fd, r.segments);
    const sub = await openDirAt(r.dir.fd, r.name);
    try {
      return await fn(sub.fd, r.segments);
    } finally {
      await sub.close();
    }
  });
}

export async function listEntries(root: string, input: string, recursive: boolean, max: number) {
  const entries: FileEntry[] = [];
  let truncated = false;
  await withFolder(root, input, (fd, segments) =>
    walk(
      fd,
      segments,
      (here, stat) => {
        if (entries.length >= max) {
          truncated = true;
          return false;
        }
        entries.push(entryOf(here, stat));
        return true;
      },
      recursive,
    ),
  );
  return { entries, truncated };
}

/** Entries a workspace may hold (files, folders, links): code can make millions of empty files. */
export const MAX_WORKSPACE_ENTRIES = 200_000;

export interface Usage {
  totalFiles: number;
  totalSize: number;
  entries: number;
  /** Past the entry cap (a walk without `since` stopped there). */
  full: boolean;
  /** What was made or changed at or after `since` (when given): files by their ctime, folders by their birth. */
  recent: { segments: string[]; size: number; ctimeMs: number; folder: boolean }[];
}

/**
 * Walks the whole workspace (temporary files included: code can name its files so): the number
 * and total size of its regular files. Without `since` (or with `stopAtCap`) the walk stops past `maxEntries`; with it
 * (after code ran) it sees everything, so what the code wrote past the quota or the cap can be
 * taken back, and lists what changed since then (a file's ctime, which code cannot set back; a
 * folder's birth, so that a folder that only gained entries is never taken for new).
 */
export async function usage(
  root: string,
  since?: number,
  maxEntries = MAX_WORKSPACE_ENTRIES,
  /** Stop past `maxEntries` also with `since` (a watch that only notices what changed). */
  stopAtCap = since === undefined,
): Promise<Usage> {
  const found: Usage = { totalFiles: 0, totalSize: 0, entries: 0, full: false, recent: [] };
  await withFolder(root, "/home/user", (fd) =>
    walk(
      fd,
      [],
      (segments, stat) => {
        found.entries += 1;
        const folder = stat.isDirectory();
        if (stat.isFile()) {
          found.totalFiles += 1;
          found.totalSize += stat.size;
        }
        // A folder's birth is 0 where the file system does not keep it: never taken for new.
        if (since !== undefined && (folder ? stat.birthtimeMs : stat.ctimeMs) >= since)
          found.recent.push({ segments, size: stat.isFile() ? stat.size : 0, ctimeMs: stat.ctimeMs, folder });
        return !stopAtCap || found.entries <= maxEntries;
      },
      true,
      true,
    ),
  );
  found.full = found.entries > maxEntries;
  return found;
}

/** Opens a regular file for reading (links inside the workspace are followed). */
export async function openFile(root: string, input: string) {
  return withResolved(root, input, { followLast: true }, async (r) => {
    if (r.name === null) throw new AppError(409, "conflict", `Is a folder: ${r.virtual}`);
    // O_NONBLOCK: a FIFO made by sandboxed code must not hang the server's file-system threads.
    const handle = await fs.open(at(r.dir.fd, r.name), C.O_RDONLY | C.O_NOFOLLOW | C.O_NONBLOCK);
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      throw new AppError(
        409,
        "conflict",
        `${stat.isDirectory() ? "Is a folder" : "Not a file"}: ${r.virtual}`,
      );
    }
    return { handle, stat, path: r.virtual, name: r.name };
  });
}

/** A file's version: a hash of its bytes (the ETag of a read, the If-Match of a write). */
export const contentVersion = (data: Buffer) =>
  createHash("sha256").update(data).digest("base64url").slice(0, 22);

/** The current size of what `name` holds in the folder, if it is a file (0 otherwise). */
export async function existingSize(dirFd: number, name: string): Promise<Stats | null> {
  return fs.lstat(at(dirFd, name)).catch(() => null);
}

/**
 * Writes `source` into a new temporary file in the folder `dirFd`, at most `maxBytes` bytes
 * (`tooLarge()` is thrown beyond, and the temporary file removed). Returns its name.
 */
export async function writeTemp(
  dirFd: number,
  source: Buffer | Readable,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<string> {
  const tmp = `${TEMP_PREFIX}${randomBytes(8).toString("hex")}`;
  let handle: FileHandle | undefined;
  try {
    handle = await fs.open(at(dirFd, tmp), C.O_WRONLY | C.O_CREAT | C.O_EXCL | C.O_NOFOLLOW, 0o644);
    if (Buffer.isBuffer(source)) {
      if (source.length > maxBytes) throw tooLarge();
      await handle.writeFile(source);
    } else {
      let written = 0;
      for await (const chunk of source) {
        written += (chunk as Buffer).length;
        if (written > maxBytes) throw tooLarge();
        await handle.write(chunk as Buffer);
      }
    }
    await handle.close();
    handle = undefined;
    return tmp;
  } catch (err) {
    await handle?.close().catch(() => {});
    await fs.unlink(at(dirFd, tmp)).catch(() => {});
    throw err;
  }
}

/** Puts the temporary file in place: replacing what is there, or (no overwrite) refusing with 409. */
export async function commitTemp(
  dirFd: number,
  tmp: string,
  name: string,
  overwrite: boolean,
): Promise<void> {
  try {
    if (overwrite) await fs.rename(at(dirFd, tmp), at(dirFd, name));
    else {
      await fs.link(at(dirFd, tmp), at(dirFd, name)); // atomic no-replace
      await fs.unlink(at(dirFd, tmp));
    }
  } catch (err) {
    await fs.unlink(at(dirFd, tmp)).catch(() => {});
    throw err;
  }
}

export async function makeFolder(root: string, input: string): Promise<FileEntry> {
  return withResolved(root, input, { createParents: true }, async (r) => {
    if (r.name === null) throw new AppError(409, "conflict", `Already exists: ${r.virtual}`);
    await fs.mkdir(at(r.dir.fd, r.name), 0o755);
    return entryOf(r.segments, await fs.lstat(at(r.dir.fd, r.name)));
  });
}

export async function removePath(root: string, input: string): Promise<Freed> {
  return withResolved(root, input, {}, async (r) => {
    if (r.name === null) throw new AppError(400, "bad_request", "The workspace root cannot be deleted");
    return removeAt(r.dir.fd, r.name);
  });
}

export async function movePath(root: string, from: string, to: string): Promise<FileEntry> {
  return withResolved(root, from, {}, (src) =>
    withResolved(root, to, {}, async (dst) => {
      if (src.name === null || dst.name === null)
        throw new AppError(400, "bad_request", "The workspace root cannot be moved or replaced");
      const inside =
        dst.segments.length >= src.segments.length && src.segments.every((s, i) => dst.segments[i] === s);
      if (inside) throw new AppError(400, "bad_request", "A folder cannot be moved into itself");
      await fs.lstat(at(src.dir.fd, src.name)).catch((err) => {
        throw fsError(err, src.virtual);
      });
      if (await existingSize(dst.dir.fd, dst.name))
        throw new AppError(409, "conflict", `Already exists: ${dst.virtual}`);
      await fs.rename(at(src.dir.fd, src.name), at(dst.dir.fd, dst.name));
      return entryOf(dst.segments, await fs.lstat(at(dst.dir.fd, dst.name)));
    }),
  );
}
