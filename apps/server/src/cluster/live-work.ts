import { and, count, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { lockUntilCommit } from "../db/locks";
import { liveTerminals } from "../db/schema";
import { onAliveNode } from "./nodes";

/**
 * Processes of one kind held open now on every server node (terminals: a row while the shell
 * lives, attached or waiting for a reattach; local MCP servers: while their sandbox runs), and the
 * node whose sandbox runs each (they stay on their node). The per-person caps count every node's.
 */
export class LiveWork {
  constructor(
    private readonly db: Db,
    readonly nodeId: string,
    readonly kind: "terminal" | "mcp" = "terminal",
  ) {}

  private readonly ofKind = () => eq(liveTerminals.kind, this.kind);

  /**
   * Records process `id` of `userId` on this node, unless the user already has `cap` of its kind open on
   * any node: then nothing is written and the number open is returned. One user's reservations
   * are taken one at a time (a lock per user), so the cap holds under a burst across nodes.
   */
  reserve(id: string, userId: string, cap: number): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      await lockUntilCommit(tx, `live_${this.kind}:${userId}`);
      const [row] = await tx
        .select({ open: count() })
        .from(liveTerminals)
        .where(and(eq(liveTerminals.userId, userId), this.ofKind()));
      const open = row?.open ?? 0;
      if (open >= cap) return open;
      await tx.insert(liveTerminals).values({ id, userId, nodeId: this.nodeId, kind: this.kind });
      return null;
    });
  }

  /** The process ended (or never started). */
  async remove(id: string): Promise<void> {
    await this.db
      .delete(liveTerminals)
      .where(and(eq(liveTerminals.id, id), eq(liveTerminals.nodeId, this.nodeId)));
  }

  /** The live node running the user's terminal `id`; another user's id finds nothing. */
  async nodeOf(userId: string, id: string): Promise<string | null> {
    const [row] = await this.db
      .select({ nodeId: liveTerminals.nodeId })
      .from(liveTerminals)
      .where(
        and(eq(liveTerminals.id, id), eq(liveTerminals.userId, userId), onAliveNode(liveTerminals.nodeId)),
      );
    return row?.nodeId ?? null;
  }

  /**
   * Records again the terminals still open on this node, after it was judged dead and its rows
   * swept: the other nodes know where they are once more. (The cap was not held for them
   * meanwhile: a person may briefly have more open than it allows.)
   */
  async restore(open: { id: string; userId: string }[]): Promise<void> {
    if (open.length === 0) return;
    await this.db
      .insert(liveTerminals)
      .values(open.map((t) => ({ ...t, nodeId: this.nodeId, kind: this.kind })))
      .onConflictDoNothing();
  }

  /** Drops the rows of nodes no longer alive (their processes died with them); every kind's. */
  async sweep(aliveNodes: SQL): Promise<void> {
    await this.db.delete(liveTerminals).where(sql`${liveTerminals.nodeId} not in ${aliveNodes}`);
  }
}
