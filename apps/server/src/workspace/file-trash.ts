import fs from "node:fs/promises";
import path from "node:path";
import { AppError } from "../http/errors";
import { existingSize, usage } from "./ops";
import { checkName } from "./path-guard";
import { at, type Freed, removeAt, withResolved } from "./safe-fs";

/**
 * Deleted files wait outside the workspace (code, listings and search never see them), one
 * folder per trash item holding the file or folder under its own name:
 * DATA_DIR/trash/<userId>/<trashId>/<name>.
 */
export const trashFolder = (dataDir: string, userId: string, trashId?: string) =>
  path.join(dataDir, "trash", userId, ...(trashId ? [trashId] : []));

/** Moves `from` to `to` (absolute or /proc fd paths); across file systems (a volume), by a copy. */
async function moveAcross(from: string, to: string): Promise<void> {
  try {
    await fs.rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
    await fs.cp(from, to, { recursive: true, verbatimSymlinks: true, errorOnExist: true, force: false });
    const parent = await fs.open(path.dirname(from), "r");
    try {
      await removeAt(parent.fd, path.basename(from));
    } finally {
      await parent.close();
    }
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
    await moveAcross(at(r.dir.fd, r.name), path.join(into, r.name));
    const held = await usage(into, undefined, Number.MAX_SAFE_INTEGER);
    return {
      virtual: r.virtual,
      name: r.name,
      folder: stat.isDirectory(),
      freed: { bytes: held.totalSize, files: held.totalFiles, entries: held.entries },
    };
  });
}

/** `name`, or the first of "name (restored)", "name (restored 2)", … not taken in the folder `dirFd`. */
async function freeName(dirFd: number, name: string): Promise<string> {
  const dot = name.lastIndexOf(".");
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? name : `${stem} (restored${n === 2 ? "" : ` ${n - 1}`})${ext}`;
    if (!(await existingSize(dirFd, checkName(candidate)))) return candidate;
  }
}

/**
 * Puts a trashed item back at its workspace path (its folders made again if they went); when that
 * name is taken meanwhile, beside it as "name (restored)". Answers the path it is at now.
 */
export function moveBack(
  root: string,
  trashed: { virtual: string; name: string },
  from: string,
): Promise<string> {
  return withResolved(root, trashed.virtual, { createParents: true }, async (r) => {
    if (r.name === null) throw new AppError(400, "bad_request", "The workspace root cannot be restored");
    const name = await freeName(r.dir.fd, r.name);
    await moveAcross(path.join(from, trashed.name), at(r.dir.fd, name));
    await fs.rm(from, { recursive: true, force: true });
    return path.posix.join(path.posix.dirname(r.virtual), name);
  });
}
