import type { Tx } from "../db/client";
import { AppError } from "../http/errors";
import { heldElsewhere, type Standing, usedBytes } from "./figures";
import { usage } from "./ops";
import { toWorkspacePath } from "./path-guard";
import { formatBytes, quotaMb, workspaceFullWords } from "./quotas";
import { watchRoom } from "./room-watch";
import { type Owner, WorkspaceRoots } from "./roots";
import { CTIME_SLACK_MS, keepSaved, ToldWrites, trimTo, writtenFiles } from "./trim";

const planName = { free: "Free", pro: "Pro" } as const;

/** " (X of them in the trash)" when the person has files in the trash. */
const inTrash = (s: Standing) =>
  s.trashBytes > 0 ? ` (${formatBytes(s.trashBytes)} of them in the trash)` : "";

/** What of the bytes used is not in the workspace's files, in words: " (X of it text sent to search; …)". */
function heldWords(s: Standing): string {
  const parts = [
    ...(s.indexBytes > 0 ? [`${formatBytes(s.indexBytes)} of it text sent to search`] : []),
    ...(s.trashBytes > 0 ? [`${formatBytes(s.trashBytes)} of it in the trash`] : []),
  ];
  return parts.length > 0 ? ` (${parts.join("; ")})` : "";
}

/**
 * What holds a workspace to its quota: the room a file write may take, code watched and trimmed
 * on plain folders, and the text a person sends to the search index counted with the files.
 */
export class WorkspaceRoom extends WorkspaceRoots {
  /**
   * Whether code can no longer write: the files and the text sent to the search index are at or
   * past the quota (by the figure), or the workspace's volume has (almost) no room left.
   */
  async isFull(owner: Owner): Promise<boolean> {
    const root = await this.root(owner);
    const free = await this.volumes?.free(root);
    const volume = free !== null && free !== undefined;
    if (volume && free < 64 * 1024) return true;
    const standing = await this.figure(owner, root);
    // A volume's own room is the quota's while no text was sent to the index (its figure may lag).
    if (volume && heldElsewhere(standing) === 0) return false;
    return usedBytes(standing) >= this.quota(owner.plan).maxWorkspaceBytes;
  }

  /**
   * Where code must be held to the quota by the server (watched, then trimmed): the root and the
   * figure. Null on a volume that alone holds code to the quota, which it does while the person
   * sent no text to the search index (the volume is the quota's size, not what the index leaves).
   */
  protected async codeRoom(owner: Owner): Promise<{ root: string; standing: Standing } | null> {
    const root = await this.root(owner);
    const volume = (await this.volumes?.free(root)) != null;
    const standing = await this.figure(owner, root);
    return volume && heldElsewhere(standing) === 0 ? null : { root, standing };
  }

  /**
   * Refuses to start code (a run, a terminal) on plain folders while the workspace is past its
   * quota (or holds too many entries), with the words the person sees.
   */
  async assertRoom(owner: Owner, then: string): Promise<void> {
    // A volume holds code to the quota itself, and a full one must still let code delete files.
    const room = await this.codeRoom(owner);
    if (room === null) return;
    const { standing } = room;
    if (usedBytes(standing) > this.quota(owner.plan).maxWorkspaceBytes || standing.entries > this.maxEntries)
      throw this.fullError(owner, then);
  }

  /**
   * While code runs: `over` is called once the files pass the room the quota leaves them beside
   * what it holds elsewhere (room-watch.ts), and what the code writes is told to the person's
   * views as it goes (a background job writes without a word). On a volume that holds the code
   * to the quota alone, the watch only notices.
   */
  async watchRoom(owner: Owner, over: () => void): Promise<() => void> {
    const room = await this.codeRoom(owner);
    const root = room?.root ?? (await this.root(owner));
    const limit = room ? this.filesRoom(owner, room.standing) : 0;
    return watchRoom(root, limit, over, {
      holds: room !== null,
      wrote: (paths) => this.changed(owner.id, paths),
      told: this.toldWrites(owner.id),
    });
  }

  /** The bytes the quota leaves the files beside the text the person sent to the search index. */
  protected filesRoom(owner: Owner, standing: Standing): number {
    return Math.max(0, this.quota(owner.plan).maxWorkspaceBytes - heldElsewhere(standing));
  }

  /**
   * After code ran over the workspace (from `since`, a Date.now()): walks it, and if the code left
   * it past the quota, removes what it wrote since then, newest first, until it fits again (as if
   * those writes had failed for want of room); the figure is set from the disk. Returns the
   * workspace paths removed.
   */
  async afterCode(owner: Owner, since: number): Promise<string[]> {
    // A volume held the code to the quota itself: nothing to trim, no walk holding the lock.
    const room = await this.codeRoom(owner);
    if (room === null) return [];
    const { root } = room;
    const { result } = await this.figures.walked(
      owner.id,
      () => usage(root, since - CTIME_SLACK_MS, this.maxEntries),
      async (found, savedSince, held) => {
        // Saves and runs are timed by their nodes' clocks: a second's slack between them.
        const saved = await savedSince(since - 1000);
        const fits = { bytes: this.filesRoom(owner, held), entries: this.maxEntries };
        return trimTo(root, found, fits, keepSaved(saved));
      },
    );
    if (result.length > 0) this.changed(owner.id, result);
    return result;
  }

  /** What each person's views were told code wrote (the watch and a terminal's look share it). */
  private readonly told = new Map<string, ToldWrites>();
  private toldWrites(userId: string): ToldWrites {
    const told = this.told.get(userId) ?? new ToldWrites();
    this.told.set(userId, told);
    return told;
  }

  /**
   * The files code wrote since `since` (a Date.now() before it ran), newest first, at most
   * `max`: what a run lists under its message (workspace paths and sizes). Hidden ones (a
   * tool's cache under ~/.cache, ...) are left out.
   */
  async writtenSince(owner: Owner, since: number, max = 50): Promise<{ path: string; size: number }[]> {
    const found = await usage(await this.root(owner), since - CTIME_SLACK_MS, this.maxEntries);
    const sizes = new Map(found.recent.map((f) => [toWorkspacePath(f.segments), f.size]));
    const newest = [...found.recent].sort((a, b) => b.ctimeMs - a.ctimeMs);
    return writtenFiles({ ...found, recent: newest })
      .filter((p) => !p.split("/").some((segment) => segment.startsWith(".")))
      .slice(0, max)
      .map((path) => ({ path, size: sizes.get(path) ?? 0 }));
  }

  /** Reports the files code changed since `since` (a terminal command's writes), if any. */
  async noticeWrites(owner: Owner, since: number): Promise<void> {
    const found = await usage(await this.root(owner), since - CTIME_SLACK_MS, this.maxEntries);
    const paths = writtenFiles(found, this.toldWrites(owner.id));
    if (paths.length > 0) this.changed(owner.id, paths);
  }

  /**
   * Refuses text the person sends to the search index (`adding` bytes, inside the index writer's
   * transaction `tx`, after it removed what the text replaces) when it would take their files and
   * sent text past the quota. Holds the person's workspace lock until `tx` ends, so a file write
   * racing it sees it.
   */
  async holdIndexRoom(tx: Tx, owner: Owner, adding: number): Promise<void> {
    const standing = await this.figures.standingIn(tx, owner.id, this.walker(await this.root(owner)));
    const quota = this.quota(owner.plan).maxWorkspaceBytes;
    if (usedBytes(standing) + adding > quota)
      throw new AppError(
        413,
        "payload_too_large",
        `Your workspace quota is full: your files take ${formatBytes(standing.bytes + standing.trashBytes)}${inTrash(standing)} and text you sent to search ${formatBytes(standing.indexBytes)} of the ${formatBytes(quota)} your plan allows, and this text adds ${formatBytes(adding)}. Delete files and empty the trash, or remove indexed text, first.`,
      );
  }

  /** The 413 of a full workspace, saying what to do (`then`: "run again", "try again"). */
  fullError(owner: Owner, then: string): AppError {
    return new AppError(413, "payload_too_large", workspaceFullWords(quotaMb(this.quota(owner.plan)), then));
  }

  /**
   * How many bytes one file may take now, and the 413 to throw beyond (`standing` null: the
   * per-file limit alone).
   */
  protected roomFrom(owner: Owner, standing: Standing | null, credit: number) {
    const quota = this.quota(owner.plan);
    const used = standing ? usedBytes(standing) : 0;
    const index = standing ? heldWords(standing) : "";
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
        `Not enough space for ${virtual}${size === undefined ? "" : ` (${formatBytes(size)})`}: the workspace is limited to ${formatBytes(quota.maxWorkspaceBytes)} on the ${plan} plan and ${formatBytes(used)} is used${index}`,
      );
    };
    return { cap, tooLarge };
  }
}
