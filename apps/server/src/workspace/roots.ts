import fs from "node:fs/promises";
import path from "node:path";
import type { User, WorkspaceQuota } from "@neuroos/contracts";
import type { Db } from "../db/client";
import { type Standing, UsageFigures } from "./figures";
import { MAX_WORKSPACE_ENTRIES, usage } from "./ops";
import { ensureWorkspace } from "./starter";
import type { WorkspaceVolumes } from "./volumes";

export type Owner = Pick<User, "id" | "plan">;

const userIdPattern = /^[A-Za-z0-9_-]{1,100}$/;

/** Each user's workspace folder under DATA_DIR/workspaces/<userId>: its root, quota, figure and change listeners. */
export class WorkspaceRoots {
  private readonly roots = new Map<string, Promise<string>>();
  private readonly changeListeners = new Set<(userId: string, paths: string[]) => void>();
  protected readonly figures: UsageFigures;

  constructor(
    db: Db,
    protected readonly dataDir: string,
    protected readonly quotas: Record<Owner["plan"], WorkspaceQuota>,
    /** Each workspace its own file system sized to the quota (null: plain folders, quota by the API only). */
    protected readonly volumes: WorkspaceVolumes | null = null,
    /** Files and folders a workspace may hold. */
    protected readonly maxEntries = MAX_WORKSPACE_ENTRIES,
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

  /** Unmounts the volumes this server mounted. */
  close(): Promise<void> {
    return this.volumes?.closeAll() ?? Promise.resolve();
  }

  quota(plan: Owner["plan"]): WorkspaceQuota {
    return this.quotas[plan];
  }

  protected figure(owner: Owner, root: string): Promise<Standing> {
    return this.figures.read(owner.id, this.walker(root));
  }

  protected walker(root: string) {
    return () => usage(root, undefined, this.maxEntries);
  }
}
