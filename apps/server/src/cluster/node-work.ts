import { and, count, eq, inArray, ne, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { lockUntilCommit } from "../db/locks";
import type { Cluster } from "./cluster";
import { type NodeRegistry, type NodeSweeper, onAliveNode } from "./nodes";

export type AliveNodes = Parameters<NodeSweeper>[0];

/** Where a kind of work keeps its claims: a row per piece of work, naming its person and its node. */
export interface ClaimsTable {
  table: PgTable;
  key: AnyPgColumn;
  userId: AnyPgColumn;
  nodeId: AnyPgColumn;
  startedAt: AnyPgColumn;
  /** This kind's rows, where a table holds several kinds (live_terminals: shells and MCP servers). */
  scope?: SQL;
}

/** A claim of a node no longer alive, taken by this node's sweep. */
export interface LostWork {
  key: string;
  userId: string;
  nodeId: string;
  /** It was held here (this node was thought dead): it has been given up here already. */
  givenUpHere?: boolean;
}

export interface NodeWorkSpec<Why, Lost extends LostWork> {
  /** Names the stop signal between nodes. */
  kind: string;
  claims: ClaimsTable;
  /** Why work held here ends when this node gives it up (its claim was swept: it was thought dead). */
  givenUp: Why;
  /**
   * This node found it was judged dead: its work is given up (the others told its people it
   * failed), or kept, its claims written again (a shell lives on; nothing was told).
   */
  whenRevived?: "give up" | "keep";
  /**
   * Takes the claims of nodes no longer alive (each by one node's sweep): deleted, by default; work
   * whose rows outlive it (a question's answer) marks them instead. Claims of this node that no work
   * here holds (their release failed while the database was away) go first, a minute old at least.
   */
  takeLost?: (db: Db, alive: AliveNodes) => Promise<Lost[]>;
  /** Told of the work of nodes that died, once (this node's own was given up here first). */
  onLost?: (lost: Lost[]) => Promise<void>;
  /**
   * The rows outlive their work (a question and its answer): a release only lets go here, and
   * rows of this node that nothing holds are left to `takeLost`.
   */
  rowsOutliveWork?: boolean;
}

/** A claim held: `release` drops its row as the work ends; false when a sweep took it first. */
export interface HeldWork {
  release(): Promise<boolean>;
}

interface Held<Why> {
  userId: string;
  stop: (why: Why) => void;
  insert: (db: Db) => Promise<boolean>;
}

/**
 * Work one server node runs for a person (a chat turn, a code run, a question, a shell): a claim
 * row each, naming the node; the work held here with how to stop it; Stop from any node reaches
 * the node that holds it; what a dead node held goes to one callback (each claim to one node's
 * sweep), and this node, found judged dead, gives its work up or writes its claims again.
 */
export class NodeWork<Why = void, Lost extends LostWork = LostWork> {
  private readonly here = new Map<string, Held<Why>>();
  private readonly topic: string;

  constructor(
    private readonly deps: {
      db: Db;
      nodeId: string;
      /** Signals between nodes (Stop); without them work stops only where it runs. */
      signals?: Pick<Cluster, "broadcast" | "onSignal">;
      /** The sweep after dead nodes, and this node found judged dead (the composition root may wire it). */
      nodes?: Pick<NodeRegistry, "onSweep" | "onRevived">;
    },
    private readonly spec: NodeWorkSpec<Why, Lost>,
  ) {
    this.topic = `${spec.kind}_stop`;
    deps.signals?.onSignal<{ userId: string; key: string; why: Why }>(this.topic, (s) =>
      this.stopHere(s.userId, s.key, s.why),
    );
    deps.nodes?.onSweep((alive) => this.sweep(alive));
    deps.nodes?.onRevived(() => void this.revived());
  }

  get nodeId(): string {
    return this.deps.nodeId;
  }

  /** The keys of the work held here. */
  held(): string[] {
    return [...this.here.keys()];
  }

  holds(key: string): boolean {
    return this.here.has(key);
  }

  /**
   * Claims `key` for `userId`'s work run here, held with `stop`. `insert` writes its row and says
   * whether it did (false: another node or turn holds the key). With `cap`, a person's claims are
   * taken one at a time (a lock per person on every node) and refused while they have `cap` claims
   * (this node's count only for work it holds; a dead node's go with its sweep). Answers the held
   * claim, or the number of the person's claims in the way.
   */
  async claim(work: {
    key: string;
    userId: string;
    stop: (why: Why) => void;
    insert: (db: Db) => Promise<boolean>;
    cap?: number;
  }): Promise<HeldWork | { refused: number }> {
    const held: Held<Why> = { userId: work.userId, stop: work.stop, insert: work.insert };
    // Held from here on (a Stop while its row is being written reaches it), unless the key is held
    // here already: by work still running (this claim is refused) or given up and ending (this
    // claim takes the key once its row is written).
    if (!this.here.has(work.key)) this.here.set(work.key, held);
    let refused: number | null;
    try {
      refused =
        work.cap === undefined
          ? (await work.insert(this.deps.db))
            ? null
            : 1
          : await this.capped(work, work.cap);
    } catch (err) {
      this.letGo(work.key, held);
      throw err;
    }
    if (refused !== null) {
      this.letGo(work.key, held);
      return { refused };
    }
    this.here.set(work.key, held);
    return { release: () => this.release(work.key, held) };
  }

  private capped(work: { key: string; userId: string; insert: (db: Db) => Promise<boolean> }, cap: number) {
    const c = this.spec.claims;
    return this.deps.db.transaction(async (tx) => {
      await lockUntilCommit(tx, `${this.spec.kind}:${work.userId}`);
      const mine = [...this.here.keys()].filter((key) => key !== work.key);
      const [row] = await tx
        .select({ open: count() })
        .from(c.table)
        .where(
          and(
            eq(c.userId, work.userId),
            c.scope,
            or(ne(c.nodeId, this.deps.nodeId), mine.length > 0 ? inArray(c.key, mine) : sql`false`),
          ),
        );
      const open = row?.open ?? 0;
      if (open >= cap) return open;
      return (await work.insert(tx as unknown as Db)) ? null : 1;
    });
  }

  /**
   * Drops the claim's row as its work ends; false when a sweep took it first (this node was judged
   * dead: the sweeper told its people), or a newer claim of the key holds it here. A failed delete
   * (the database away) leaves a row the sweep drops later: the work's end is told (true).
   */
  private async release(key: string, held: Held<Why>): Promise<boolean> {
    if (this.here.get(key) !== held) return false;
    if (this.spec.rowsOutliveWork) {
      this.letGo(key, held);
      return true;
    }
    const c = this.spec.claims;
    try {
      const ended = await this.deps.db
        .delete(c.table)
        .where(and(eq(c.key, key), eq(c.nodeId, this.deps.nodeId), c.scope))
        .returning({ key: c.key });
      return ended.length > 0;
    } catch {
      return true;
    } finally {
      this.letGo(key, held);
    }
  }

  private letGo(key: string, held: Held<Why>): void {
    if (this.here.get(key) === held) this.here.delete(key);
  }

  /** The live node that runs the user's work `key`; another user's key finds nothing. */
  async nodeOf(userId: string, key: string): Promise<string | null> {
    const c = this.spec.claims;
    const [row] = (await this.deps.db
      .select({ nodeId: c.nodeId })
      .from(c.table)
      .where(and(eq(c.key, key), eq(c.userId, userId), c.scope, onAliveNode(c.nodeId)))) as {
      nodeId: string;
    }[];
    return row?.nodeId ?? null;
  }

  /** Stops the user's work `key` where it runs: here, or by a signal to the node that holds it. */
  stop(userId: string, key: string, why: Why): void {
    if (!this.stopHere(userId, key, why)) this.deps.signals?.broadcast(this.topic, { userId, key, why });
  }

  /** Stops the work if this node holds it for this user. */
  stopHere(userId: string, key: string, why: Why): boolean {
    const held = this.here.get(key);
    if (!held || held.userId !== userId) return false;
    held.stop(why);
    return true;
  }

  /** Stops all the work held here and waits until it has let go (shutdown). */
  async close(why: Why): Promise<void> {
    for (const [key, held] of this.here) this.stopHere(held.userId, key, why);
    while (this.here.size > 0) await new Promise((r) => setTimeout(r, 20));
  }

  private async revived(): Promise<void> {
    if (this.spec.whenRevived !== "keep") {
      for (const [key, held] of this.here) this.stopHere(held.userId, key, this.spec.givenUp);
      return;
    }
    // The others swept its claims: they learn again where this work runs. (A cap was not held for
    // it meanwhile: a person may briefly have more than it allows.)
    for (const held of this.here.values()) await held.insert(this.deps.db).catch(() => false);
  }

  private async sweep(alive: AliveNodes): Promise<void> {
    const { db, nodeId } = this.deps;
    const c = this.spec.claims;
    if (!this.spec.rowsOutliveWork) {
      const held = this.held();
      await db
        .delete(c.table)
        .where(
          and(
            eq(c.nodeId, nodeId),
            c.scope,
            sql`${c.startedAt} < now() - interval '1 minute'`,
            held.length > 0 ? notInArray(c.key, held) : undefined,
          ),
        );
    }
    const lost = await (this.spec.takeLost ?? ((d, a) => this.deleteLost(d, a)))(db, alive);
    for (const work of lost) {
      if (work.nodeId === nodeId) work.givenUpHere = this.stopHere(work.userId, work.key, this.spec.givenUp);
    }
    if (lost.length > 0) await this.spec.onLost?.(lost);
  }

  private async deleteLost(db: Db, alive: AliveNodes): Promise<Lost[]> {
    const c = this.spec.claims;
    return (await db
      .delete(c.table)
      .where(and(sql`${c.nodeId} not in ${alive}`, c.scope))
      .returning({ key: c.key, userId: c.userId, nodeId: c.nodeId })) as Lost[];
  }
}
