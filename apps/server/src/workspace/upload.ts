import fs from "node:fs/promises";
import type { Readable } from "node:stream";
import type { FileEntry } from "@neuroos/contracts";
import { AppError } from "../http/errors";
import type { Figure, SavedFile, Standing } from "./figures";
import { commitTemp, entryOf, existingSize, writeTemp } from "./ops";
import { checkName } from "./path-guard";
import { at, openDirAt, withResolved } from "./safe-fs";

export interface UploadPart {
  filename: string;
  file: Readable;
}

/** What an upload needs of the workspace service, for one person's workspace. */
export interface UploadDeps {
  root: string;
  /** The figure now, without the lock (to stop early). */
  figure(): Promise<Standing>;
  /** Runs `fn` under the person's lock with their figure; adds the change it returns. */
  locked<T>(
    fn: (standing: Standing) => Promise<{ result: T; change?: Partial<Figure>; saved?: SavedFile[] }>,
  ): Promise<T>;
  /** How many bytes one file may take with the quota used as `standing` says, and the 413 beyond. */
  room(
    standing: Standing,
    credit: number,
  ): { cap: number; tooLarge(virtual: string, size?: number): AppError };
  checkEntries(figure: Figure): void;
  changed(paths: string[]): void;
}

/**
 * Writes every uploaded file into the folder `dirInput`, or none: each is streamed to a temporary
 * file (within the per-file limit and the room the figure leaves), then, under the person's lock,
 * all are put in place if they still fit together.
 */
export async function uploadFiles(
  d: UploadDeps,
  dirInput: string,
  parts: AsyncIterable<UploadPart>,
  overwrite: boolean,
): Promise<FileEntry[]> {
  const start = await d.figure();
  d.checkEntries(start);
  let bytes = start.bytes;
  return withResolved(d.root, dirInput, { followLast: true }, async (r) => {
    const sub = r.name === null ? null : await openDirAt(r.dir.fd, r.name);
    const dirFd = sub ? sub.fd : r.dir.fd;
    const staged: { tmp: string; name: string; size: number; virtual: string }[] = [];
    const committed: string[] = [];
    const refuse = (existing: Awaited<ReturnType<typeof existingSize>>, virtual: string) => {
      if (existing?.isDirectory()) throw new AppError(409, "conflict", `Is a folder: ${virtual}`);
      if (existing && !overwrite) throw new AppError(409, "conflict", `Already exists: ${virtual}`);
      return existing?.isFile() ? existing.size : 0;
    };
    try {
      for await (const part of parts) {
        const name = checkName(part.filename ?? "");
        const virtual = `${r.virtual}/${name}`;
        if (staged.some((s) => s.name === name))
          throw new AppError(400, "bad_request", `${name} appears twice in the upload`);
        const credit = refuse(await existingSize(dirFd, name), virtual);
        const room = d.room({ ...start, bytes }, credit);
        const tmp = await writeTemp(dirFd, part.file, room.cap, () => room.tooLarge(virtual));
        const size = (await fs.stat(at(dirFd, tmp))).size;
        staged.push({ tmp, name, size, virtual });
        bytes += size - credit;
      }
      if (staged.length === 0) throw new AppError(400, "bad_request", "The upload holds no file");
      return await d.locked(async (figure) => {
        d.checkEntries(figure);
        let total = figure.bytes;
        const change = { files: 0, entries: 0 };
        for (const s of staged) {
          const now = await existingSize(dirFd, s.name);
          const credit = refuse(now, s.virtual);
          const room = d.room({ ...figure, bytes: total }, credit);
          if (s.size > room.cap) throw room.tooLarge(s.virtual, s.size);
          total += s.size - credit;
          if (!now?.isFile()) change.files += 1;
          if (!now) change.entries += 1;
        }
        for (const { tmp, name } of staged) {
          await commitTemp(dirFd, tmp, name, overwrite);
          committed.push(name);
        }
        const entries: FileEntry[] = [];
        for (const { name } of staged)
          entries.push(entryOf([...r.segments, name], await fs.lstat(at(dirFd, name))));
        d.changed(entries.map((e) => e.path));
        return {
          result: entries,
          change: { ...change, bytes: total - figure.bytes },
          saved: entries.map((e) => ({ path: e.path, size: e.size })),
        };
      });
    } catch (err) {
      for (const { tmp } of staged) await fs.unlink(at(dirFd, tmp)).catch(() => {});
      if (!overwrite) for (const name of committed) await fs.unlink(at(dirFd, name)).catch(() => {});
      throw err;
    } finally {
      await sub?.close();
    }
  });
}
