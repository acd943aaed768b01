import { constants as C } from "node:fs";
import fs, { type FileHandle } from "node:fs/promises";
import path from "node:path";
import { WORKSPACE_HOME } from "@neuroos/contracts";
import { AppError } from "../http/errors";
import { checkName, isInside, PathRefused, parseWorkspacePath, toWorkspacePath } from "./path-guard";

/**
 * Symlink-safe file access inside one workspace. Code in the sandbox shares the workspace and
 * can swap a folder for a symbolic link at any moment, so after resolving a path (following
 * only links that stay inside, with /home/user as the root) every folder is opened one
 * segment at a time with O_NOFOLLOW, and operations act on `/proc/self/fd/<dir>/<name>`:
 * the kernel never follows a link out of the workspace, even if one appears mid-operation.
 */
const DIR_FLAGS = C.O_RDONLY | C.O_DIRECTORY | C.O_NOFOLLOW | C.O_NONBLOCK;
const MAX_LINK_HOPS = 40;
export const TEMP_PREFIX = ".neuroos-tmp-";
const outside = () => new PathRefused(`Path leads outside ${WORKSPACE_HOME} (through a symbolic link)`);

/** The host path that names `name` inside the directory open as `fd` (openat emulation). */
export const at = (fd: number, name: string) => `/proc/self/fd/${fd}/${name}`;

export interface Resolved {
  /** Real (link-free) segments below the workspace root. */
  segments: string[];
  /** The workspace path, e.g. /home/user/projects/a.py. */
  virtual: string;
  /** The open folder holding the last segment (the root itself when `name` is null). */
  dir: FileHandle;
  /** The last segment; null for /home/user itself. */
  name: string | null;
  close(): Promise<void>;
}

export interface ResolveOptions {
  /** Follow a symbolic link in the last segment (reads, downloads); default false (act on the link). */
  followLast?: boolean;
  /** Create missing parent folders (mkdir -p, writes into new folders). */
  createParents?: boolean;
}

/** A file-system error as the client should see it; unknown ones stay 500. */
export function fsError(err: unknown, virtual: string): unknown {
  const code = (err as NodeJS.ErrnoException)?.code;
  switch (code) {
    case "ENOENT":
      return new AppError(404, "not_found", `No such file or folder: ${virtual}`);
    case "EEXIST":
    case "ENOTEMPTY":
      return new AppError(409, "conflict", `Already exists: ${virtual}`);
    case "ENOTDIR":
      return new AppError(400, "bad_request", `Not a folder: ${virtual}`);
    case "EISDIR":
      return new AppError(409, "conflict", `Is a folder: ${virtual}`);
    case "ELOOP":
      return new PathRefused(
        `Path goes through a symbolic link that changed during the operation: ${virtual}`,
      );
    case "EINVAL":
      return new AppError(400, "bad_request", `Invalid operation on ${virtual}`);
    case "ENAMETOOLONG":
      return new PathRefused("Path is too long");
    case "EACCES":
    case "EPERM":
    case "EROFS":
      return new AppError(403, "forbidden", `Permission denied: ${virtual}`);
    case "ENOSPC":
    case "EDQUOT":
    case "EFBIG":
      return new AppError(413, "payload_too_large", "The server has no space left for this file");
    default:
      return err;
  }
}

/** Resolves `.`/`..`/links of a segment list the way the kernel would, with the workspace as `/`. */
async function resolveLinks(root: string, requested: string[], followLast: boolean): Promise<string[]> {
  const done: string[] = [];
  const todo = [...requested];
  let hops = 0;
  while (todo.length > 0) {
    const seg = todo.shift() as string;
    if (seg === ".") continue;
    if (seg === "..") {
      if (done.length === 0) throw outside();
      done.pop();
      continue;
    }
    let stat: Awaited<ReturnType<typeof fs.lstat>>;
    try {
      stat = await fs.lstat(path.join(root, ...done, seg));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") throw fsError(err, toWorkspacePath([...done, seg]));
      // Nothing exists from here on: the rest is taken as written (a '..' in it cannot be resolved).
      if (todo.some((s) => s === "." || s === ".."))
        throw new AppError(404, "not_found", `No such file or folder: ${toWorkspacePath(done)}`);
      return [...done, seg, ...todo];
    }
    if (stat.isSymbolicLink() && (todo.length > 0 || followLast)) {
      hops += 1;
      if (hops > MAX_LINK_HOPS) throw new PathRefused("Too many levels of symbolic links");
      const target = await fs.readlink(path.join(root, ...done, seg)).catch(() => {
        // It stopped being a link since the lstat (code in the sandbox is changing it).
        throw new AppError(
          409,
          "conflict",
          `${toWorkspacePath([...done, seg])} changed during the operation; try again`,
        );
      });
      let parts: string[];
      if (target.startsWith("/")) {
        if (target !== WORKSPACE_HOME && !target.startsWith(`${WORKSPACE_HOME}/`)) throw outside();
        done.length = 0;
        parts = target.slice(WORKSPACE_HOME.length).split("/");
      } else parts = target.split("/");
      parts = parts.filter((p) => p.length > 0);
      for (const p of parts) if (p !== "." && p !== "..") checkName(p);
      todo.unshift(...parts);
      continue;
    }
    done.push(seg);
  }
  return done;
}

/** Opens, without following any link, every folder down to the parent of the last segment. */
async function openParent(root: string, segments: string[], createParents: boolean): Promise<Resolved> {
  const virtual = toWorkspacePath(segments);
  let dir = await fs.open(root, DIR_FLAGS);
  try {
    for (const [i, seg] of segments.slice(0, -1).entries()) {
      let next: FileHandle;
      try {
        next = await fs.open(at(dir.fd, seg), DIR_FLAGS);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT" || !createParents)
          throw fsError(err, toWorkspacePath(segments.slice(0, i + 1)));
        await fs.mkdir(at(dir.fd, seg), 0o755).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== "EEXIST") throw fsError(e, virtual);
        });
        next = await fs.open(at(dir.fd, seg), DIR_FLAGS).catch((e) => {
          throw fsError(e, virtual);
        });
      }
      await dir.close();
      dir = next;
    }
    // Belt and braces: the folder we hold must really be inside the workspace.
    const real = await fs.realpath(`/proc/self/fd/${dir.fd}`);
    if (!isInside(root, real)) throw outside();
    const held = dir;
    return { segments, virtual, dir: held, name: segments.at(-1) ?? null, close: () => held.close() };
  } catch (err) {
    await dir.close();
    throw err;
  }
}

/**
 * THE path guard: parses an untrusted workspace path and opens its parent folder safely.
 * Every file operation of the workspace goes through here. Close the result when done.
 */
export async function resolveInWorkspace(
  root: string,
  input: string,
  options: ResolveOptions = {},
): Promise<Resolved> {
  const requested = parseWorkspacePath(input);
  try {
    const segments = await resolveLinks(root, requested, options.followLast ?? false);
    return await openParent(root, segments, options.createParents ?? false);
  } catch (err) {
    throw fsError(err, toWorkspacePath(requested));
  }
}

/** Runs `fn` with the resolved path, closing it afterwards and mapping file-system errors. */
export async function withResolved<T>(
  root: string,
  input: string,
  options: ResolveOptions,
  fn: (r: Resolved) => Promise<T>,
): Promise<T> {
  const resolved = await resolveInWorkspace(root, input, options);
  try {
    return await fn(resolved);
  } catch (err) {
    throw fsError(err, resolved.virtual);
  } finally {
    await resolved.close();
  }
}

/** What a delete freed: bytes of regular files, their number, and entries of any kind. */
export interface Freed {
  bytes: number;
  files: number;
  entries: number;
}

/** Deletes `name` in the open folder `dirFd`; folders recursively, never following a link. */
export async function removeAt(
  dirFd: number,
  name: string,
  freed: Freed = { bytes: 0, files: 0, entries: 0 },
): Promise<Freed> {
  const target = at(dirFd, name);
  const stat = await fs.lstat(target);
  const unlink = async () => {
    await fs.unlink(target);
    freed.entries += 1;
    if (stat.isFile()) {
      freed.files += 1;
      freed.bytes += stat.size;
    }
    return freed;
  };
  if (!stat.isDirectory()) return unlink();
  let sub: FileHandle;
  try {
    sub = await fs.open(target, DIR_FLAGS);
  } catch (err) {
    // Swapped for a link or a file since the lstat: remove whatever it is now, without following.
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ELOOP" || code === "ENOTDIR") return unlink();
    throw err;
  }
  try {
    for (const entry of await fs.readdir(`/proc/self/fd/${sub.fd}`)) await removeAt(sub.fd, entry, freed);
  } finally {
    await sub.close();
  }
  await fs.rmdir(target);
  freed.entries += 1;
  return freed;
}

/** Opens `name` in the open folder `dirFd` as a folder, refusing links. */
export const openDirAt = (dirFd: number, name: string) => fs.open(at(dirFd, name), DIR_FLAGS);
