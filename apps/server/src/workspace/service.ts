import type { Stats } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import {
  type FileContent,
  type FileEntry,
  type FileStats,
  MAX_LIST_ENTRIES,
  MAX_TEXT_FILE_BYTES,
  type User,
  type WorkspaceQuota,
  type writeFileSchema,
} from "@neuroos/contracts";
import type { z } from "zod";
import type { Db } from "../db/client";
import { AppError, conflictWith } from "../http/errors";
import { type Figure, UsageFigures } from "./figures";
import {
  commitTemp,
  contentVersion,
  entryOf,
  existingSize,
  listEntries,
  MAX_WORKSPACE_ENTRIES,
  makeFolder,
  movePath,
  openFile,
  removePath,
  usage,
  writeTemp,
} from "./ops";
import { parseWorkspacePath, toWorkspacePath } from "./path-guard";
import { checkEntries, formatBytes, quotaMb, workspaceFullWords } from "./quotas";
import { watchRoom } from "./room-watch";
import { at, withResolved } from "./safe-fs";
import { ensureWorkspace } from "./starter";
import { CTIME_SLACK_MS, keepSaved, trimTo, writtenFiles } from "./trim";
import { type UploadDeps, type UploadPart, uploadFiles } from "./upload";
import type { WorkspaceVolumes } from "./volumes";

export type Owner = Pick<User, "id" | "plan">;
export type { UploadPart };
export { formatBytes };

/** The 409 for a write made on an older version: the file as it is now (null when gone). */
function staleWrite(virtual: string, current: FileContent | null): AppError {
  return conflictWith(
    current
      ? `${virtual} was changed elsewhere since you opened it; nothing was saved.`
      : `${virtual} was deleted or moved elsewhere since you opened it; nothing was saved.`,
    current,
  );
}

const planName = { free: "Free", pro: "Pro" } as const;
const userIdPattern = /^[A-Za-z0-9_-]{1,100}$/;

/** Each user's files under DATA_DIR/workspaces/<userId>, seen as /home/user; quotas by plan. */
export class WorkspaceService {
  private readonly roots = new Map<string, Promise<string>>();
  private readonly changeListeners = new Set<(userId: string, paths: string[]) => void>();
  private readonly figures: UsageFigures;

  constructor(
    db: Db,
    private readonly dataDir: string,
    private readonly quotas: Record<Owner["plan"], WorkspaceQuota>,
    /** Each workspace its own file system sized to the quota (null: plain folders, quota by the API only). */
    private readonly volumes: WorkspaceVolumes | null = null,
    /** Files and folders a workspace may hold. */
    private readonly maxEntries = MAX_WORKSPACE_ENTRIES,
  ) {
    this.figures = new UsageFigures(db);
  }

  /** Calls `listener` after every change to a workspace (the paths changed, as /home/user/...). */
  onChange(listener: (userId: string, paths: string[]) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Reports a change: made here, or by code that ran over the workspace (its root then). */
  changed(userId: string, paths: string[]): void {
    for (const listener of this.changeListeners) listener(userId, paths);
  }

  /** The host folder of a user's workspace (may not exist yet). */
  dirOf(userId: string): string {
    if (!userIdPattern.test(userId)) throw new Error(`invalid user id for a workspace: ${userId}`);
    return path.join(this.dataDir, "workspaces", userId);
  }

  /**
   * The real host path of the user's workspace, created with its starter tree on first use
   * (and, with volumes, mounted as its own file system of the plan's quota).
   */
  root(owner: Owner): Promise<string> {
    const key = `${owner.id}:${owner.plan}`;
    let found = this.roots.get(key);
    if (!found) {
      const dir = this.dirOf(owner.id);
      const quota = this.quota(owner.plan).maxWorkspaceBytes;
      found = ensureWorkspace(dir)
        .then(() => fs.realpath(dir))
        .then(async (real) => {
          await this.volumes?.ensure(real, quota);
          return real;
        });
      found.catch(() => this.roots.delete(key));
      this.roots.set(key, found);
    }
    return found;
  }

  /**
   * Whether code can no longer write: the workspace is at or past its quota (by its figure), or
   * its volume has (almost) no room left.
   */
  async isFull(owner: Owner): Promise<boolean> {
    const root = await this.root(owner);
    const free = await this.volumes?.free(root);
    if (free !== null && free !== undefined) return free < 64 * 1024;
    return (await this.figure(owner, root)).bytes >= this.quota(owner.plan).maxWorkspaceBytes;
  }

  /** The workspace's root on plain folders; null when it is a volume (which holds code to the quota itself). */
  private async plainRoot(owner: Owner): Promise<string | null> {
    const root = await this.root(owner);
    return (await this.volumes?.free(root)) == null ? root : null;
  }

  /** Unmounts the volumes this server mounted. */
  close(): Promise<void> {
    return this.volumes?.closeAll() ?? Promise.resolve();
  }

  quota(plan: Owner["plan"]): WorkspaceQuota {
    return this.quotas[plan];
  }

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
    return { totalFiles: figure.files, totalSize: figure.bytes, quota: this.quota(owner.plan) };
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
    refuse(existing, this.roomFrom(owner, before.bytes, credit(existing)));
    return withResolved(root, pathInput, { createParents: true }, async (r) => {
      if (r.name === null) throw new AppError(400, "bad_request", "Give a file path, not the workspace root");
      const name = r.name;
      const quota = this.quota(owner.plan);
      const tmp = await writeTemp(r.dir.fd, data, quota.maxFileBytes, () =>
        this.roomFrom(owner, 0, 0).tooLarge(r.virtual, data.length),
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
          refuse(now, this.roomFrom(owner, figure.bytes, credit(now)));
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

  async remove(owner: Owner, input: string): Promise<void> {
    const root = await this.root(owner);
    // Under the person's lock, so a walk in between cannot count the file gone twice.
    await this.figures.locked(owner.id, this.walker(root), async () => {
      const freed = await removePath(root, input);
      return {
        result: undefined,
        change: { bytes: -freed.bytes, files: -freed.files, entries: -freed.entries },
      };
    });
    this.changed(owner.id, [toWorkspacePath(parseWorkspacePath(input))]);
  }

  /**
   * Refuses to start code (a run, a terminal) on plain folders while the workspace is past its
   * quota (or holds too many entries), with the words the person sees.
   */
  async assertRoom(owner: Owner, then: string): Promise<void> {
    // A volume holds code to the quota itself, and a full one must still let code delete files.
    const root = await this.plainRoot(owner);
    if (root === null) return;
    const figure = await this.figure(owner, root);
    if (figure.bytes > this.quota(owner.plan).maxWorkspaceBytes || figure.entries > this.maxEntries)
      throw this.fullError(owner, then);
  }

  /** While code runs on plain folders: `over` is called once the workspace passes its quota (room-watch.ts). */
  async watchRoom(owner: Owner, over: () => void): Promise<() => void> {
    const root = await this.plainRoot(owner);
    if (root === null) return () => {}; // a volume holds code to the quota
    return watchRoom(root, this.quota(owner.plan).maxWorkspaceBytes, over);
  }

  /**
   * After code ran over the workspace (from `since`, a Date.now()): walks it, and if the code left
   * it past the quota, removes what it wrote since then, newest first, until it fits again (as if
   * those writes had failed for want of room); the figure is set from the disk. Returns the
   * workspace paths removed.
   */
  async afterCode(owner: Owner, since: number): Promise<string[]> {
    // A volume held the code to the quota itself: nothing to trim, no walk holding the lock.
    const root = await this.plainRoot(owner);
    if (root === null) return [];
    const quota = this.quota(owner.plan).maxWorkspaceBytes;
    const { result } = await this.figures.walked(
      owner.id,
      () => usage(root, since - CTIME_SLACK_MS, this.maxEntries),
      async (found, savedSince) => {
        // Saves and runs are timed by their nodes' clocks: a second's slack between them.
        const saved = await savedSince(since - 1000);
        return trimTo(root, found, { bytes: quota, entries: this.maxEntries }, keepSaved(saved));
      },
    );
    if (result.length > 0) this.changed(owner.id, result);
    return result;
  }

  /** Reports the files code changed since `since` (a terminal command's writes), if any. */
  async noticeWrites(owner: Owner, since: number): Promise<void> {
    const paths = writtenFiles(await usage(await this.root(owner), since - CTIME_SLACK_MS, this.maxEntries));
    if (paths.length > 0) this.changed(owner.id, paths);
  }

  /** The 413 of a full workspace, saying what to do (`then`: "run again", "try again"). */
  fullError(owner: Owner, then: string): AppError {
    return new AppError(413, "payload_too_large", workspaceFullWords(quotaMb(this.quota(owner.plan)), then));
  }

  private figure(owner: Owner, root: string): Promise<Figure> {
    return this.figures.read(owner.id, this.walker(root));
  }

  private walker(root: string) {
    return () => usage(root, undefined, this.maxEntries);
  }

  private uploadDeps(owner: Owner, root: string): UploadDeps {
    return {
      root,
      figure: () => this.figure(owner, root),
      locked: (fn) => this.figures.locked(owner.id, this.walker(root), fn),
      room: (used, credit) => this.roomFrom(owner, used, credit),
      checkEntries: (figure) => checkEntries(figure, this.maxEntries),
      changed: (paths) => this.changed(owner.id, paths),
    };
  }

  /** How many bytes one file may take now, and the 413 to throw beyond. */
  private roomFrom(owner: Owner, used: number, credit: number) {
    const quota = this.quota(owner.plan);
    const free = Math.max(0, quota.maxWorkspaceBytes - used + credit);
    const cap = Math.min(quota.maxFileBytes, free);
    const plan = planName[owner.plan];
    const tooLarge = (virtual: string, size?: number) => {
      if (cap === quota.maxFileBytes)
        return new AppError(
          413,
          "payload_too_large",
          `${virtual} is larger than the ${formatBytes(quota.maxFileBytes)} per-file limit of the ${plan} plan`,
        );
      if (used >= quota.maxWorkspaceBytes) return this.fullError(owner, "try again");
      return new AppError(
        413,
        "payload_too_large",
        `Not enough space for ${virtual}${size === undefined ? "" : ` (${formatBytes(size)})`}: the workspace is limited to ${formatBytes(quota.maxWorkspaceBytes)} on the ${plan} plan and ${formatBytes(used)} is used`,
      );
    };
    return { cap, tooLarge };
  }
}
