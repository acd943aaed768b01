import { and, eq, gte, lt, sql, sum } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { lockUntilCommit } from "../db/locks";
import { trashItems, workspaceSaves, workspaceUsage } from "../db/schema";
import type { Usage } from "./ops";

/** A file the person saved through the files API: its workspace path and size. */
export interface SavedFile {
  path: string;
  size: number;
}

/** What a workspace holds: bytes and number of its regular files, entries of any kind. */
export interface Figure {
  bytes: number;
  files: number;
  entries: number;
}

/**
 * What a person's quota holds: the workspace's figure, the text they sent to the search index,
 * and their files in the trash.
 */
export interface Standing extends Figure {
  indexBytes: number;
  trashBytes: number;
}

/** The bytes the quota holds besides the workspace's files: sent text and the trash. */
export const heldElsewhere = (standing: Standing) => standing.indexBytes + standing.trashBytes;

/** The bytes a person's quota holds. */
export const usedBytes = (standing: Standing) => standing.bytes + heldElsewhere(standing);

/** The files a person deleted, waiting in the trash: they count against the quota until gone for good. */
async function trashedFileBytes(db: Pick<Db, "select">, userId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sum(trashItems.sizeBytes) })
    .from(trashItems)
    .where(and(eq(trashItems.userId, userId), eq(trashItems.type, "file")));
  return Number(row?.bytes ?? 0);
}

/** A figure with what the quota holds elsewhere. */
async function standingOf(
  db: Pick<Db, "select" | "execute">,
  userId: string,
  figure: Figure,
): Promise<Standing> {
  const [indexBytes, trashBytes] = [await sentIndexBytes(db, userId), await trashedFileBytes(db, userId)];
  return { ...figure, indexBytes, trashBytes };
}

/**
 * The text a person sent to the search index themselves (each model's copy counted once): the
 * index alone holds it, so it counts against the workspace quota with the files. Text indexed
 * from files, chats and documents is counted where it lives.
 */
export async function sentIndexBytes(db: Pick<Db, "execute">, userId: string): Promise<number> {
  const result = (await db.execute(sql`
    select coalesce(max(bytes), 0)::bigint as bytes from (
      select sum(octet_length(content)) as bytes from vector_chunks
      where user_id = ${userId} and sent group by model
    ) per_model`)) as unknown as { rows: { bytes: string | number }[] };
  return Number(result.rows[0]?.bytes ?? 0);
}

/** How long a save through the files API is remembered, so code ending later never trims it (terminals last hours). */
const SAVES_KEPT_MS = 24 * 60 * 60 * 1000;
const figureOf = (u: Usage): Figure => ({ bytes: u.totalSize, files: u.totalFiles, entries: u.entries });
const figureOfRow = (row: Figure): Figure => ({ bytes: row.bytes, files: row.files, entries: row.entries });

/**
 * Holds the person's workspace lock until `tx` ends: what changes their figure, or the text they
 * sent to the search index, takes it (on every node), so two writes that together pass the quota
 * cannot both be let in.
 */
export function lockWorkspace(tx: Pick<Db, "execute">, userId: string): Promise<void> {
  return lockUntilCommit(tx, `workspace_usage:${userId}`);
}

async function store(tx: Tx, userId: string, figure: Figure): Promise<Figure> {
  await tx
    .insert(workspaceUsage)
    .values({ userId, ...figure })
    .onConflictDoUpdate({ target: workspaceUsage.userId, set: { ...figure, walkedAt: sql`now()` } });
  return figure;
}

/**
 * Each workspace's usage as a running figure (a `workspace_usage` row per person), so a write of
 * the files API costs the same at 10 files and at 5,000: it checks its room against the figure and
 * adds its byte delta, holding the person's lock on every node (lockUntilCommit), so two writes
 * that together pass the quota cannot both be let in. What code writes (runs, terminals) reaches
 * the figure by a walk of the workspace after it ran (`walked`), which also corrects any drift.
 */
export class UsageFigures {
  constructor(private readonly db: Db) {}

  /** The figure as it stands (a first walk makes it), without waiting for the lock. */
  async read(userId: string, walk: () => Promise<Usage>): Promise<Standing> {
    const [row] = await this.db.select().from(workspaceUsage).where(eq(workspaceUsage.userId, userId));
    if (!row) return this.locked(userId, walk, async (figure) => ({ result: figure }));
    return standingOf(this.db, userId, figureOfRow(row));
  }

  /**
   * Runs `fn` holding the person's lock with their figure (walked once if there is none yet);
   * the change `fn` returns is added, and the paths it saved recorded, before the lock is let go.
   */
  locked<T>(
    userId: string,
    walk: () => Promise<Usage>,
    fn: (standing: Standing, tx: Tx) => Promise<{ result: T; change?: Partial<Figure>; saved?: SavedFile[] }>,
  ): Promise<T> {
    return this.db.transaction(async (tx) => {
      const { result, change, saved } = await fn(await this.standingIn(tx, userId, walk), tx);
      if (change) await this.addIn(tx, userId, change);
      if (saved) await this.saved(userId, saved, tx);
      return result;
    });
  }

  /**
   * Takes the person's lock in `tx` (held until it ends) and answers what their quota holds: the
   * figure (walked once if there is none yet) and the text they sent to the search index.
   */
  async standingIn(tx: Tx, userId: string, walk: () => Promise<Usage>): Promise<Standing> {
    await lockWorkspace(tx, userId);
    const [row] = await tx.select().from(workspaceUsage).where(eq(workspaceUsage.userId, userId));
    const figure = row ? figureOfRow(row) : await store(tx, userId, figureOf(await walk()));
    return standingOf(tx, userId, figure);
  }

  /** Records that the person saved these files through the files API now (trims keep them at that size or larger). */
  private async saved(userId: string, files: SavedFile[], tx: Tx): Promise<void> {
    if (files.length === 0) return;
    // This node's clock, as the runs' start times it is compared with.
    const savedAt = new Date();
    await tx
      .insert(workspaceSaves)
      .values(files.map(({ path, size }) => ({ userId, path, size, savedAt })))
      .onConflictDoUpdate({
        target: [workspaceSaves.userId, workspaceSaves.path],
        set: { savedAt, size: sql`excluded.size` },
      });
  }

  /** Adds a change that needs no check (a delete frees room), in `tx` if given. */
  add(userId: string, change: Partial<Figure>, tx?: Tx): Promise<void> {
    return this.addIn(tx ?? this.db, userId, change);
  }

  /**
   * Walks the workspace under the lock; `settle` may act on what was found (remove what code
   * wrote past the room the quota leaves the files) and says what it freed; the figure is then
   * set from the disk.
   */
  walked<T>(
    userId: string,
    walk: () => Promise<Usage>,
    settle: (
      found: Usage,
      savedSince: (since: number) => Promise<Map<string, number>>,
      held: Standing,
    ) => Promise<{ result: T; freed: Figure }>,
  ): Promise<{ figure: Standing; result: T }> {
    return this.db.transaction(async (tx) => {
      await lockWorkspace(tx, userId);
      const mine = eq(workspaceSaves.userId, userId);
      await tx
        .delete(workspaceSaves)
        .where(and(mine, lt(workspaceSaves.savedAt, new Date(Date.now() - SAVES_KEPT_MS))));
      const savedSince = async (since: number) => {
        const rows = await tx
          .select({ path: workspaceSaves.path, size: workspaceSaves.size })
          .from(workspaceSaves)
          .where(and(mine, gte(workspaceSaves.savedAt, new Date(since))));
        return new Map(rows.map((r) => [r.path, r.size]));
      };
      const found = await walk();
      const on = figureOf(found);
      const held = await standingOf(tx, userId, on);
      const { result, freed } = await settle(found, savedSince, held);
      const figure = await store(tx, userId, {
        bytes: on.bytes - freed.bytes,
        files: on.files - freed.files,
        entries: on.entries - freed.entries,
      });
      return { figure: { ...held, ...figure }, result };
    });
  }

  private async addIn(db: Pick<Db, "update">, userId: string, change: Partial<Figure>): Promise<void> {
    await db
      .update(workspaceUsage)
      .set({
        bytes: sql`greatest(0, ${workspaceUsage.bytes} + ${change.bytes ?? 0})`,
        files: sql`greatest(0, ${workspaceUsage.files} + ${change.files ?? 0})`,
        entries: sql`greatest(0, ${workspaceUsage.entries} + ${change.entries ?? 0})`,
      })
      .where(eq(workspaceUsage.userId, userId));
  }
}
