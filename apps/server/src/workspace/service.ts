import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
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
import { AppError } from "../http/errors";
import {
  commitTemp,
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
import { checkName, parseWorkspacePath, toWorkspacePath } from "./path-guard";
import { at, openDirAt, withResolved } from "./safe-fs";
import { ensureWorkspace } from "./starter";
import type { WorkspaceVolumes } from "./volumes";

export type Owner = Pick<User, "id" | "plan">;
export interface UploadPart {
  filename: string;
  file: Readable;
}

const planName = { free: "Free", pro: "Pro" } as const;
const userIdPattern = /^[A-Za-z0-9_-]{1,100}$/;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1).replace(/\.0$/, "") : Math.round(mb)} MB`;
}

/** Each user's files under DATA_DIR/workspaces/<userId>, seen as /home/user; quotas by plan. */
export class WorkspaceService {
  private readonly roots = new Map<string, Promise<string>>();
  private readonly locks = new Map<string, Promise<unknown>>();
  private readonly changeListeners = new Set<(userId: string, paths: string[]) => void>();

  constructor(
    private readonly dataDir: string,
    private readonly quotas: Record<Owner["plan"], WorkspaceQuota>,
    /** Each workspace its own file system sized to the quota (null: plain folders, quota by the API only). */
    private readonly volumes: WorkspaceVolumes | null = null,
  ) {}

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

  /** Whether code can no longer write: the workspace's volume has (almost) no room left. */
  async isFull(owner: Owner): Promise<boolean> {
    const free = await this.volumes?.free(await this.root(owner));
    return free !== null && free !== undefined && free < 64 * 1024;
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

  async stats(owner: Owner): Promise<FileStats> {
    const { totalFiles, totalSize } = await usage(await this.root(owner));
    return { totalFiles, totalSize, quota: this.quota(owner.plan) };
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
      };
    } finally {
      await file.handle.close();
    }
  }

  /** A regular file opened for download; the caller streams and closes `handle`. */
  async openDownload(owner: Owner, input: string) {
    return openFile(await this.root(owner), input);
  }

  async write(owner: Owner, input: z.output<typeof writeFileSchema>): Promise<FileEntry> {
    return this.writeBytes(owner, input.path, Buffer.from(input.content, input.encoding), input.overwrite);
  }

  /** Creates (or, with `overwrite`, replaces) a file atomically, within the plan's limits. */
  async writeBytes(owner: Owner, pathInput: string, data: Buffer, overwrite: boolean): Promise<FileEntry> {
    const virtual = toWorkspacePath(parseWorkspacePath(pathInput));
    return this.exclusive(owner.id, async () => {
      const root = await this.root(owner);
      const existing = await withResolved(root, pathInput, {}, (r) =>
        r.name === null ? Promise.resolve(null) : existingSize(r.dir.fd, r.name),
      ).catch((err) => {
        if (err instanceof AppError && err.status === 404) return null;
        throw err;
      });
      if (existing?.isDirectory()) throw new AppError(409, "conflict", `Is a folder: ${virtual}`);
      if (existing && !overwrite) throw new AppError(409, "conflict", `Already exists: ${virtual}`);
      const room = await this.room(owner, root, existing?.isFile() ? existing.size : 0);
      if (data.length > room.cap) throw room.tooLarge(virtual, data.length);
      return withResolved(root, pathInput, { createParents: true }, async (r) => {
        if (r.name === null)
          throw new AppError(400, "bad_request", "Give a file path, not the workspace root");
        const tmp = await writeTemp(r.dir.fd, data, room.cap, () => room.tooLarge(r.virtual, data.length));
        await commitTemp(r.dir.fd, tmp, r.name, overwrite);
        this.changed(owner.id, [r.virtual]);
        return entryOf(r.segments, await fs.lstat(at(r.dir.fd, r.name)));
      });
    });
  }

  /**
   * Writes every uploaded file into the folder `dirInput`, or none: each is streamed to a
   * temporary file (within the per-file and workspace limits), then all are put in place.
   */
  async upload(owner: Owner, dirInput: string, parts: AsyncIterable<UploadPart>, overwrite: boolean) {
    return this.exclusive(owner.id, async () => {
      const root = await this.root(owner);
      let used = (await this.usageForWrite(root)).totalSize;
      return withResolved(root, dirInput, { followLast: true }, async (r) => {
        const sub = r.name === null ? null : await openDirAt(r.dir.fd, r.name);
        const dirFd = sub ? sub.fd : r.dir.fd;
        const staged: { tmp: string; name: string }[] = [];
        const committed: string[] = [];
        try {
          for await (const part of parts) {
            const name = checkName(part.filename ?? "");
            const virtual = `${r.virtual}/${name}`;
            if (staged.some((s) => s.name === name))
              throw new AppError(400, "bad_request", `${name} appears twice in the upload`);
            const existing = await existingSize(dirFd, name);
            if (existing?.isDirectory()) throw new AppError(409, "conflict", `Is a folder: ${virtual}`);
            if (existing && !overwrite) throw new AppError(409, "conflict", `Already exists: ${virtual}`);
            const credit = existing?.isFile() ? existing.size : 0;
            const room = this.roomFrom(owner, used, credit);
            const tmp = await writeTemp(dirFd, part.file, room.cap, () => room.tooLarge(virtual));
            staged.push({ tmp, name });
            used += (await fs.stat(at(dirFd, tmp))).size - credit;
          }
          if (staged.length === 0) throw new AppError(400, "bad_request", "The upload holds no file");
          for (const { tmp, name } of staged) {
            await commitTemp(dirFd, tmp, name, overwrite);
            committed.push(name);
          }
          const entries: FileEntry[] = [];
          for (const { name } of staged)
            entries.push(entryOf([...r.segments, name], await fs.lstat(at(dirFd, name))));
          this.changed(
            owner.id,
            entries.map((e) => e.path),
          );
          return entries;
        } catch (err) {
          for (const { tmp } of staged) await fs.unlink(at(dirFd, tmp)).catch(() => {});
          if (!overwrite) for (const name of committed) await fs.unlink(at(dirFd, name)).catch(() => {});
          throw err;
        } finally {
          await sub?.close();
        }
      });
    });
  }

  async mkdir(owner: Owner, input: string): Promise<FileEntry> {
    const entry = await makeFolder(await this.root(owner), input);
    this.changed(owner.id, [entry.path]);
    return entry;
  }

  async move(owner: Owner, from: string, to: string): Promise<FileEntry> {
    const entry = await movePath(await this.root(owner), from, to);
    this.changed(owner.id, [toWorkspacePath(parseWorkspacePath(from)), entry.path]);
    return entry;
  }

  async remove(owner: Owner, input: string): Promise<void> {
    await removePath(await this.root(owner), input);
    this.changed(owner.id, [toWorkspacePath(parseWorkspacePath(input))]);
  }

  private async room(owner: Owner, root: string, credit: number) {
    return this.roomFrom(owner, (await this.usageForWrite(root)).totalSize, credit);
  }

  private async usageForWrite(root: string) {
    const used = await usage(root);
    if (used.full)
      throw new AppError(
        413,
        "payload_too_large",
        `The workspace holds more than ${MAX_WORKSPACE_ENTRIES.toLocaleString("en-US")} files and folders; delete some first`,
      );
    return used;
  }

  /** How many bytes one file may take now, and the 413 to throw beyond. */
  private roomFrom(owner: Owner, used: number, credit: number) {
    const quota = this.quota(owner.plan);
    const free = Math.max(0, quota.maxWorkspaceBytes - used + credit);
    const cap = Math.min(quota.maxFileBytes, free);
    const plan = planName[owner.plan];
    const tooLarge = (virtual: string, size?: number) =>
      cap === quota.maxFileBytes
        ? new AppError(
            413,
            "payload_too_large",
            `${virtual} is larger than the ${formatBytes(quota.maxFileBytes)} per-file limit of the ${plan} plan`,
          )
        : new AppError(
            413,
            "payload_too_large",
            `Not enough space for ${virtual}${size === undefined ? "" : ` (${formatBytes(size)})`}: the workspace is limited to ${formatBytes(quota.maxWorkspaceBytes)} on the ${plan} plan and ${formatBytes(used)} is used`,
          );
    return { cap, tooLarge };
  }

  /** Runs `fn` after the user's previous writes: quota checks see each other's results. */
  private exclusive<T>(userId: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(userId) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const tail = run.catch(() => {});
    this.locks.set(userId, tail);
    void tail.then(() => {
      if (this.locks.get(userId) === tail) this.locks.delete(userId);
    });
    return run;
  }
}
