import { randomUUID } from "node:crypto";
import type { Stats } from "node:fs";
import fs from "node:fs/promises";
import {
  type FileContent,
  type FileEntry,
  type FileStats,
  MAX_LIST_ENTRIES,
  MAX_TEXT_FILE_BYTES,
  type ServerFrame,
  type writeFileSchema,
} from "@neuroos/contracts";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../db/client";
import { trashItems, users } from "../db/schema";
import { AppError, conflictWith } from "../http/errors";
import { moveBack, moveToTrash, trashFolder } from "./file-trash";
import {
  commitTemp,
  contentVersion,
  entryOf,
  existingSize,
  listEntries,
  makeFolder,
  movePath,
  openFile,
  writeTemp,
} from "./ops";
import { parseWorkspacePath, toWorkspacePath } from "./path-guard";
import { checkEntries, formatBytes } from "./quotas";
import { WorkspaceRoom } from "./room";
import type { Owner } from "./roots";
import { at, withResolved } from "./safe-fs";
import { type UploadDeps, type UploadPart, uploadFiles } from "./upload";
import { planZip, type ZipDownload } from "./zip";

export type { Owner, UploadPart };
export { formatBytes };

type TrashRow = typeof trashItems.$inferSelect;
/** What a trashed file's entry keeps to put it back: its name, and what it holds. */
const trashedPayload = z.object({ name: z.string(), files: z.number(), entries: z.number() });

/** The 409 for a write made on an older version: the file as it is now (null when gone). */
function staleWrite(virtual: string, current: FileContent | null): AppError {
  return conflictWith(
    current
      ? `${virtual} was changed elsewhere since you opened it; nothing was saved.`
      : `${virtual} was deleted or moved elsewhere since you opened it; nothing was saved.`,
    current,
  );
}

/** Each user's files under DATA_DIR/workspaces/<userId>, seen as /home/user; quotas by plan. */
export class WorkspaceService extends WorkspaceRoom {
  async list(owner: Owner, input: string, recursive: boolean) {
    return listEntries(await this.root(owner), input, recursive, MAX_LIST_ENTRIES);
  }

  /** The usage, walked (which also sets the running figure right). */
  async stats(owner: Owner): Promise<FileStats> {
    const root = await this.root(owner);
    const none = { bytes: 0, files: 0, entries: 0 };
    const { figure } = await this.figures.walked(owner.id, this.walker(root), async () => ({
      result: null,
      freed: none,
    }));
    return {
      totalFiles: figure.files,
      totalSize: figure.bytes,
      indexSize: figure.indexBytes,
      trashSize: figure.trashBytes,
      quota: this.quota(owner.plan),
    };
  }

  async read(owner: Owner, input: string): Promise<FileContent> {
    const file = await openFile(await this.root(owner), input);
    try {
      if (file.stat.size > MAX_TEXT_FILE_BYTES)
        throw new AppError(
          413,
          "payload_too_large",
          `${file.path} is too large to open here (${formatBytes(file.stat.size)}; the limit is ${formatBytes(MAX_TEXT_FILE_BYTES)}). Download it instead.`,
        );
      const data = await file.handle.readFile();
      let content: string;
      let encoding: FileContent["encoding"] = "utf8";
      try {
        content = new TextDecoder("utf-8", { fatal: true }).decode(data);
      } catch {
        content = data.toString("base64");
        encoding = "base64";
      }
      return {
        path: file.path,
        content,
        encoding,
        size: data.length,
        modified: file.stat.mtime.toISOString(),
        version: contentVersion(data),
      };
    } finally {
      await file.handle.close();
    }
  }

  /** A regular file opened for download; the caller streams and closes `handle`. */
  async openDownload(owner: Owner, input: string) {
    return openFile(await this.root(owner), input);
  }

  /** A zip of files and folders, refused (404, 413…) before anything is sent; the caller streams it (zip.ts). */
  async openZip(owner: Owner, inputs: string[]): Promise<ZipDownload> {
    return planZip(await this.root(owner), inputs);
  }

  /** Writes a text or base64 file; with `ifMatch` (the version read), a changed or gone file is a 409. */
  async write(
    owner: Owner,
    input: z.output<typeof writeFileSchema>,
    ifMatch?: string,
  ): Promise<FileEntry & { version: string }> {
    const data = Buffer.from(input.content, input.encoding);
    const stale = ifMatch === undefined ? undefined : (current: string | null) => current !== ifMatch;
    const entry = await this.writeBytes(owner, input.path, data, input.overwrite, stale);
    return { ...entry, version: contentVersion(data) };
  }

  /**
   * Creates (or, with `overwrite`, replaces) a file atomically, within the plan's limits: staged
   * in a temporary file, then put in place under the person's lock if it still fits the figure.
   */
  async writeBytes(
    owner: Owner,
    pathInput: string,
    data: Buffer,
    overwrite: boolean,
    stale?: (version: string | null) => boolean,
  ): Promise<FileEntry> {
    const virtual = toWorkspacePath(parseWorkspacePath(pathInput));
    const root = await this.root(owner);
    const existing = await withResolved(root, pathInput, {}, (r) =>
      r.name === null ? Promise.resolve(null) : existingSize(r.dir.fd, r.name),
    ).catch((err) => {
      if (err instanceof AppError && err.status === 404) return null;
      throw err;
    });
    const refuse = (stat: Stats | null, room: ReturnType<WorkspaceService["roomFrom"]>) => {
      if (stat?.isDirectory()) throw new AppError(409, "conflict", `Is a folder: ${virtual}`);
      if (stat && !overwrite) throw new AppError(409, "conflict", `Already exists: ${virtual}`);
      if (data.length > room.cap) throw room.tooLarge(virtual, data.length);
    };
    const credit = (stat: Stats | null) => (stat?.isFile() ? stat.size : 0);
    const before = await this.figure(owner, root);
    refuse(existing, this.roomFrom(owner, before, credit(existing)));
    return withResolved(root, pathInput, { createParents: true }, async (r) => {
      if (r.name === null) throw new AppError(400, "bad_request", "Give a file path, not the workspace root");
      const name = r.name;
      const quota = this.quota(owner.plan);
      const tmp = await writeTemp(r.dir.fd, data, quota.maxFileBytes, () =>
        this.roomFrom(owner, null, 0).tooLarge(r.virtual, data.length),
      );
      try {
        return await this.figures.locked(owner.id, this.walker(root), async (figure) => {
          const now = await existingSize(r.dir.fd, name);
          if (stale) {
            // Read as a read reads it (links inside the workspace followed, a FIFO never waited on).
            const current = await this.read(owner, r.virtual).catch(() => null);
            if (stale(current?.version ?? null)) throw staleWrite(r.virtual, current);
          }
          checkEntries(figure, this.maxEntries);
          refuse(now, this.roomFrom(owner, figure, credit(now)));
          await commitTemp(r.dir.fd, tmp, name, overwrite);
          this.changed(owner.id, [r.virtual]);
          const entry = entryOf(r.segments, await fs.lstat(at(r.dir.fd, name)));
          const change = {
            bytes: data.length - credit(now),
            files: now?.isFile() ? 0 : 1,
            entries: now ? 0 : 1,
          };
          return { result: entry, change, saved: [{ path: r.virtual, size: data.length }] };
        });
      } finally {
        await fs.unlink(at(r.dir.fd, tmp)).catch(() => {});
      }
    });
  }

  /**
   * Writes every uploaded file into the folder `dirInput`, or none: each is streamed to a
   * temporary file (within the per-file and workspace limits), then all are put in place.
   */
  async upload(owner: Owner, dirInput: string, parts: AsyncIterable<UploadPart>, overwrite: boolean) {
    return uploadFiles(this.uploadDeps(owner, await this.root(owner)), dirInput, parts, overwrite);
  }

  async mkdir(owner: Owner, input: string): Promise<FileEntry> {
    const entry = await makeFolder(await this.root(owner), input);
    this.changed(owner.id, [entry.path]);
    return entry;
  }

  async move(owner: Owner, from: string, to: string): Promise<FileEntry> {
    const root = await this.root(owner);
    // Under the person's lock: a trim never sees the moved file without its save.
    const entry = await this.figures.locked(owner.id, this.walker(root), async () => {
      const moved = await movePath(root, from, to);
      return { result: moved, saved: [{ path: moved.path, size: moved.size }] };
    });
    this.changed(owner.id, [toWorkspacePath(parseWorkspacePath(from)), entry.path]);
    return entry;
  }

  /**
   * Moves a file or folder to the trash (outside the workspace, counted against the quota until
   * it is gone for good): a trash item of type "file" whose restore puts it back.
   */
  async remove(owner: Owner, input: string): Promise<void> {
    const root = await this.root(owner);
    const id = randomUUID();
    // Under the person's lock, so a walk in between cannot count the file gone twice.
    const virtual = await this.figures.locked(owner.id, this.walker(root), async (_, tx) => {
      const trashed = await moveToTrash(root, input, trashFolder(this.dataDir, owner.id, id));
      const { virtual, name, folder, freed } = trashed;
      await tx.insert(trashItems).values({
        id,
        userId: owner.id,
        type: "file",
        itemId: virtual,
        kind: folder ? "folder" : "file",
        title: virtual,
        payload: { name, files: freed.files, entries: freed.entries },
        sizeBytes: freed.bytes,
      });
      return {
        result: virtual,
        change: { bytes: -freed.bytes, files: -freed.files, entries: -freed.entries },
      };
    });
    this.changed(owner.id, [virtual]);
  }

  /** Puts a trashed file or folder back (the trash's restorer, in its transaction); answers the frame that says so. */
  async restoreFromTrash(tx: Tx, item: TrashRow): Promise<ServerFrame> {
    const [owner] = await tx
      .select({ id: users.id, plan: users.plan })
      .from(users)
      .where(eq(users.id, item.userId));
    if (!owner) throw new AppError(404, "not_found", "No such person");
    const root = await this.root(owner);
    const held = trashedPayload.parse(item.payload);
    const standing = await this.figures.standingIn(tx, owner.id, this.walker(root));
    checkEntries({ ...standing, entries: standing.entries + held.entries - 1 }, this.maxEntries);
    const at = await moveBack(
      root,
      { virtual: item.itemId, name: held.name },
      trashFolder(this.dataDir, owner.id, item.id),
    );
    await this.figures.add(owner.id, { bytes: item.sizeBytes, files: held.files, entries: held.entries }, tx);
    this.changed(owner.id, [at]);
    return { type: "files_changed", paths: [at] };
  }

  /** Lets go, on disk, of files that left the trash for good. */
  async releaseTrash(items: { id: string; userId: string }[]): Promise<void> {
    for (const item of items)
      await fs.rm(trashFolder(this.dataDir, item.userId, item.id), { recursive: true, force: true });
  }

  private uploadDeps(owner: Owner, root: string): UploadDeps {
    return {
      root,
      figure: () => this.figure(owner, root),
      locked: (fn) => this.figures.locked(owner.id, this.walker(root), fn),
      room: (standing, credit) => this.roomFrom(owner, standing, credit),
      checkEntries: (figure) => checkEntries(figure, this.maxEntries),
      changed: (paths) => this.changed(owner.id, paths),
    };
  }
}
