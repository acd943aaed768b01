import { constants as C } from "node:fs";
import fs, { type FileHandle } from "node:fs/promises";
import path from "node:path";
import { AppError } from "../http/errors";
import { freeName } from "./free-name";
import { existingSize, usage } from "./ops";
import { checkName } from "./path-guard";
import { at, type Freed, openDirAt, removeAt, withResolved } from "./safe-fs";

/**
 * Deleted files wait outside the workspace (code, listings and search never see them), one
 * folder per trash item holding the file or folder under its own name:
 * DATA_DIR/trash/<userId>/<trashId>/<name>.
 */
export const trashFolder = (dataDir: string, userId: string, trashId?: string) =>
  path.join(dataDir, "trash", userId, ...(trashId ? [trashId] : []));

/** Copies an open file's bytes into another, a chunk at a time. */
async function copyBytes(source: FileHandle, target: FileHandle): Promise<void> {
  const chunk = Buffer.alloc(256 * 1024);
  for (;;) {
    const { bytesRead } = await source.read(chunk, 0, chunk.length, null);
    if (bytesRead === 0) return;
    for (let written = 0; written < bytesRead; )
      written += (await target.write(chunk, written, bytesRead - written)).bytesWritten;
  }
}

/**
 * Copies `name` in the folder `fromFd` to `to` in the folder `toFd`, never following a link: every
 * step opens what it names relative to a folder already open, with O_NOFOLLOW, so code that swaps
 * a folder for a link meanwhile gets an error, never the link's target. Links are copied as links;
 * FIFOs, sockets and devices are left out.
 */
async function copyTree(fromFd: number, name: string, toFd: number, to: string): Promise<void> {
  const stat = await fs.lstat(at(fromFd, name));
  if (stat.isSymbolicLink()) return fs.symlink(await fs.readlink(at(fromFd, name)), at(toFd, to));
  if (stat.isFile()) {
    const source = await fs.open(at(fromFd, name), C.O_RDONLY | C.O_NOFOLLOW | C.O_NONBLOCK);
    try {
      const target = await fs.open(
        at(toFd, to),
        C.O_WRONLY | C.O_CREAT | C.O_EXCL | C.O_NOFOLLOW,
        stat.mode & 0o777,
      );
      try {
        await copyBytes(source, target);
      } finally {
        await target.close();
      }
    } finally {
      await source.close();
    }
    return;
  }
  if (!stat.isDirectory()) return;
  await fs.mkdir(at(toFd, to), stat.mode & 0o777);
  const [source, target] = [await openDirAt(fromFd, name), await openDirAt(toFd, to)];
  try {
    for (const entry of await fs.readdir(`/proc/self/fd/${source.fd}`))
      await copyTree(source.fd, entry, target.fd, entry);
  } finally {
    await Promise.all([source.close(), target.close()]);
  }
}

/**
 * Moves `name` in the folder `fromFd` to `to` in the folder `toFd`: a rename, or across file
 * systems (a workspace on a volume) a copy that follows no link, then the original removed.
 */
async function moveAcross(fromFd: number, name: string, toFd: number, to: string): Promise<void> {
  try {
    await fs.rename(at(fromFd, name), at(toFd, to));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
    await copyTree(fromFd, name, toFd, to);
    await removeAt(fromFd, name);
  }
}

/** Runs `fn` with the folder at the absolute path `dir` open (the trash's side, the server's own). */
async function inFolder<T>(dir: string, fn: (fd: number) => Promise<T>): Promise<T> {
  const folder = await fs.open(dir, C.O_RDONLY | C.O_DIRECTORY);
  try {
    return await fn(folder.fd);
  } finally {
    await folder.close();
  }
}

/** What a trashed file or folder was: its workspace path and name, and what it holds. */
export interface Trashed {
  virtual: string;
  name: string;
  folder: boolean;
  freed: Freed;
}

/** Moves a workspace file or folder into the trash folder `into` (made here); answers what it was. */
export function moveToTrash(root: string, input: string, into: string): Promise<Trashed> {
  return withResolved(root, input, {}, async (r) => {
    if (r.name === null) throw new AppError(400, "bad_request", "The workspace root cannot be deleted");
    const stat = await existingSize(r.dir.fd, r.name);
    if (!stat) throw new AppError(404, "not_found", `No such file or folder: ${r.virtual}`);
    await fs.mkdir(into, { recursive: true });
    await inFolder(into, (intoFd) => moveAcross(r.dir.fd, r.name as string, intoFd, r.name as string));
    const held = await usage(into, undefined, Number.MAX_SAFE_INTEGER);
    return {
      virtual: r.virtual,
      name: r.name,
      folder: stat.isDirectory(),
      freed: { bytes: held.totalSize, files: held.totalFiles, entries: held.entries },
    };
  });
}

/**
 * Puts a trashed item back at its workspace path (its folders made again if they went); when that
 * name is taken meanwhile, beside it as "name (restored)" (then "name (restored 2)", …). Answers the path it is at now.
 */
export function moveBack(
  root: string,
  trashed: { virtual: string; name: string },
  from: string,
): Promise<string> {
  return withResolved(root, trashed.virtual, { createParents: true }, async (r) => {
    if (r.name === null) throw new AppError(400, "bad_request", "The workspace root cannot be restored");
    const folder = (await fs.lstat(path.join(from, trashed.name))).isDirectory();
    const name = await freeName(
      r.name,
      folder,
      (n) => (n === 2 ? "restored" : `restored ${n - 1}`),
      async (candidate) => !(await existingSize(r.dir.fd, checkName(candidate))),
    );
    await inFolder(from, (fromFd) => moveAcross(fromFd, trashed.name, r.dir.fd, name));
    await fs.rm(from, { recursive: true, force: true });
    return path.posix.join(path.posix.dirname(r.virtual), name);
  });
}
