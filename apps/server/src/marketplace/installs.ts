import { and, avg, count, eq, inArray, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { marketplaceInstalls } from "../db/schema";
import type { Effect } from "./installer";

export type InstallRow = typeof marketplaceInstalls.$inferSelect;
export interface ItemStats {
  downloads: number;
  rating: number | null;
  ratingCount: number;
}

/** An install still claimed after this long was cut off (the effects all finish within seconds). */
const STALE_CLAIM_MS = 10 * 60_000;
const of = (userId: string, itemId: string) =>
  and(eq(marketplaceInstalls.userId, userId), eq(marketplaceInstalls.itemId, itemId));

/**
 * The marketplace's installs: one row per person and item. An install first claims its row
 * (`installing`), so a second one racing it is refused and never makes its effect twice.
 */
export class Installs {
  constructor(private readonly db: Db) {}

  async find(userId: string, itemId: string): Promise<InstallRow | undefined> {
    const [row] = await this.db.select().from(marketplaceInstalls).where(of(userId, itemId));
    return row;
  }

  /** Claims the person's install of the item; false when there is one already. */
  async claim(userId: string, itemId: string): Promise<boolean> {
    // A claim left by a server stopped in the middle of an install is given up.
    await this.db
      .delete(marketplaceInstalls)
      .where(
        and(
          of(userId, itemId),
          eq(marketplaceInstalls.state, "installing"),
          lt(marketplaceInstalls.createdAt, new Date(Date.now() - STALE_CLAIM_MS)),
        ),
      );
    const made = await this.db
      .insert(marketplaceInstalls)
      .values({ userId, itemId })
      .onConflictDoNothing()
      .returning({ itemId: marketplaceInstalls.itemId });
    return made.length === 1;
  }

  async finish(userId: string, itemId: string, effect: Effect): Promise<void> {
    await this.db.update(marketplaceInstalls).set({ state: "installed", effect }).where(of(userId, itemId));
  }

  /** Gives up a claim whose effect could not be made. */
  async release(userId: string, itemId: string): Promise<void> {
    await this.db
      .delete(marketplaceInstalls)
      .where(and(of(userId, itemId), eq(marketplaceInstalls.state, "installing")));
  }

  /** Removes a finished install (one uninstall wins a race); its row, or undefined. */
  async take(userId: string, itemId: string): Promise<InstallRow | undefined> {
    const [row] = await this.db
      .delete(marketplaceInstalls)
      .where(and(of(userId, itemId), eq(marketplaceInstalls.state, "installed")))
      .returning();
    return row;
  }

  /** Puts back an install whose undoing failed. */
  async restore(row: InstallRow): Promise<void> {
    await this.db.insert(marketplaceInstalls).values(row).onConflictDoNothing();
  }

  /** What other people's installs of the item made. */
  async peers(userId: string, itemId: string): Promise<Effect[]> {
    const rows = await this.db
      .select({ effect: marketplaceInstalls.effect })
      .from(marketplaceInstalls)
      .where(and(eq(marketplaceInstalls.itemId, itemId), ne(marketplaceInstalls.userId, userId)));
    return rows.map((r) => r.effect);
  }

  async rate(userId: string, itemId: string, stars: number): Promise<boolean> {
    const rows = await this.db
      .update(marketplaceInstalls)
      .set({ rating: stars })
      .where(and(of(userId, itemId), eq(marketplaceInstalls.state, "installed")))
      .returning({ itemId: marketplaceInstalls.itemId });
    return rows.length === 1;
  }

  /** Each item's real installs and its people's average rating. */
  async stats(itemIds: string[]): Promise<Map<string, ItemStats>> {
    if (itemIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        itemId: marketplaceInstalls.itemId,
        downloads: sql<number>`count(*) filter (where ${marketplaceInstalls.state} = 'installed')`.mapWith(
          Number,
        ),
        rating: avg(marketplaceInstalls.rating).mapWith(Number),
        ratingCount: count(marketplaceInstalls.rating),
      })
      .from(marketplaceInstalls)
      .where(inArray(marketplaceInstalls.itemId, itemIds))
      .groupBy(marketplaceInstalls.itemId);
    return new Map(
      rows.map((r) => [
        r.itemId,
        { downloads: r.downloads, rating: r.ratingCount > 0 ? r.rating : null, ratingCount: r.ratingCount },
      ]),
    );
  }

  /** The person's installs, by item. */
  async mine(userId: string): Promise<Map<string, InstallRow>> {
    const rows = await this.db
      .select()
      .from(marketplaceInstalls)
      .where(eq(marketplaceInstalls.userId, userId));
    return new Map(rows.map((r) => [r.itemId, r]));
  }

  /** Forgets every install of an item that is no longer published (what they made stays theirs). */
  async forgetItem(itemId: string): Promise<void> {
    await this.db.delete(marketplaceInstalls).where(eq(marketplaceInstalls.itemId, itemId));
  }
}
