import { type ServerFrame, TRASH_KEEP_DAYS, type TrashItem } from "@neuroos/contracts";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { lockPerson } from "../db/locks";
import { trashItems } from "../db/schema";
import { notFound } from "../http/errors";
import { isUuid } from "../http/ids";

type Item = typeof trashItems.$inferSelect;
/**
 * How each type of item is put back where it was (inside the restore's transaction); each answers
 * the live frame that tells the person's screens it is back.
 */
export type Restorers = Record<TrashItem["type"], (tx: Tx, item: Item) => Promise<ServerFrame>>;
/** What lets go of an item's content kept outside the database (a file's, on disk) once it left the trash for good. */
export type Releasers = Partial<Record<TrashItem["type"], (items: Item[]) => Promise<void>>>;

const DAY_MS = 24 * 60 * 60 * 1000;

const toItem = (row: Item): TrashItem => ({
  id: row.id,
  type: row.type as TrashItem["type"],
  itemId: row.itemId,
  kind: row.kind,
  title: row.title,
  sizeBytes: row.sizeBytes,
  deletedAt: row.deletedAt.toISOString(),
  purgeAt: new Date(row.deletedAt.getTime() + TRASH_KEEP_DAYS * DAY_MS).toISOString(),
});

/** Each person's trash: what they deleted, for TRASH_KEEP_DAYS, restorable until then. */
export class TrashService {
  constructor(
    private readonly db: Db,
    private readonly restorers: Restorers,
    private readonly releasers: Releasers = {},
  ) {}

  /** Lets each type's releaser go of what left the trash for good. */
  private async released(items: Item[]): Promise<Item[]> {
    for (const [type, release] of Object.entries(this.releasers)) {
      const gone = items.filter((i) => i.type === type);
      if (gone.length > 0) await release?.(gone);
    }
    return items;
  }

  /** The person's trash, newest first (what is past its days is let go first). */
  async list(userId: string): Promise<TrashItem[]> {
    await this.purge(userId);
    const rows = await this.db
      .select()
      .from(trashItems)
      .where(eq(trashItems.userId, userId))
      .orderBy(desc(trashItems.deletedAt), desc(trashItems.id));
    return rows.map(toItem);
  }

  /** Puts an item back where it was; answers it (its type, own id, kind) and the frame that announces it. */
  async restore(
    userId: string,
    which: { id: string } | { type: TrashItem["type"]; itemId: string },
  ): Promise<{ item: TrashItem; announce: ServerFrame }> {
    return this.db.transaction(async (tx) => {
      await lockPerson(tx, userId);
      const mine = eq(trashItems.userId, userId);
      const match =
        "id" in which
          ? and(mine, eq(trashItems.id, which.id))
          : and(mine, eq(trashItems.type, which.type), eq(trashItems.itemId, which.itemId));
      const [row] = await tx
        .select()
        .from(trashItems)
        .where(match)
        .orderBy(desc(trashItems.deletedAt))
        .limit(1);
      if (!row) throw notFound("Item in the trash");
      const announce = await this.restorers[row.type as TrashItem["type"]](tx, row);
      await tx.delete(trashItems).where(eq(trashItems.id, row.id));
      return { item: toItem(row), announce };
    });
  }

  /** Deletes one item for good. */
  async forget(userId: string, id: string): Promise<void> {
    if (!isUuid(id)) throw notFound("Item in the trash");
    const gone = await this.db
      .delete(trashItems)
      .where(and(eq(trashItems.userId, userId), eq(trashItems.id, id)))
      .returning();
    if (gone.length === 0) throw notFound("Item in the trash");
    await this.released(gone);
  }

  /** Empties the person's trash for good; answers how many items went. */
  async empty(userId: string): Promise<number> {
    const gone = await this.db.delete(trashItems).where(eq(trashItems.userId, userId)).returning();
    return (await this.released(gone)).length;
  }

  /** Lets go of what has been in the trash longer than TRASH_KEEP_DAYS (one person's, or everyone's). */
  async purge(userId?: string): Promise<void> {
    const old = lt(trashItems.deletedAt, sql`now() - make_interval(days => ${TRASH_KEEP_DAYS})`);
    await this.released(
      await this.db
        .delete(trashItems)
        .where(userId ? and(eq(trashItems.userId, userId), old) : old)
        .returning(),
    );
  }
}
