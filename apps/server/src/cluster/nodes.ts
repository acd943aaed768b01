import os from "node:os";
import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { serverNodes } from "../db/schema";

/** How often a node says it is alive. */
export const HEARTBEAT_MS = 2000;
/** A node silent this long is dead: what it was running is marked failed. */
export const NODE_DEAD_AFTER_MS = 10_000;

/**
 * Cleans up after dead nodes: each feature marks its own rows of nodes no longer alive (a turn
 * failed, a question unanswered). Runs on every node; a row is claimed by one (delete … returning).
 */
export type NodeSweeper = (aliveNodes: ReturnType<typeof aliveNodesSql>) => Promise<void>;

/** The nodes alive now, as a subquery: `node_id in ${aliveNodesSql()}`. */
export function aliveNodesSql() {
  return sql`(select id from server_nodes)`;
}

/** True where `column` names a node alive now. */
export function onAliveNode(column: AnyPgColumn) {
  return sql`${column} in ${aliveNodesSql()}`;
}

/**
 * This node's heartbeat in `server_nodes`, and the sweep after dead ones. With PGlite a node is
 * alone (the data directory is locked): every other row is a process that ended, swept at start.
 */
export class NodeRegistry {
  private readonly sweepers: NodeSweeper[] = [];
  private readonly revivedListeners: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  /**
   * Since when this node's heartbeats have all been written (null after a failed one). It judges
   * others dead only after a whole dead-after period of its own: after a database outage every
   * node was silent, and the first one back must not fail the others' work.
   */
  private healthySince: number | null = null;

  constructor(
    private readonly db: Db,
    readonly nodeId: string,
    private readonly log: FastifyBaseLogger,
    private readonly options: { heartbeatMs?: number; deadAfterMs?: number; alone?: boolean } = {},
  ) {}

  onSweep(sweeper: NodeSweeper): void {
    this.sweepers.push(sweeper);
  }

  /**
   * Calls `listener` when this node finds it was judged dead by the others (it stalled, or lost the
   * database for too long): its work was failed for the users, so it gives that work up.
   */
  onRevived(listener: () => void): void {
    this.revivedListeners.push(listener);
  }

  async start(): Promise<void> {
    await this.db
      .insert(serverNodes)
      .values({ id: this.nodeId, host: os.hostname(), pid: process.pid })
      .onConflictDoNothing();
    this.healthySince = Date.now();
    await this.sweep();
    // Alone (PGlite), nobody else can die: the sweep at start was all there was to do.
    if (this.options.alone) return;
    this.timer = setInterval(() => void this.beat(), this.options.heartbeatMs ?? HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Says this node is alive and cleans up after dead ones. */
  async beat(): Promise<void> {
    try {
      const written = (await this.db.execute(
        sql`insert into server_nodes (id, host, pid) values (${this.nodeId}, ${os.hostname()}, ${process.pid})
          on conflict (id) do update set heartbeat_at = now() returning (xmax = 0) as inserted`,
      )) as unknown as { rows: { inserted: boolean }[] };
      this.healthySince ??= Date.now();
      if (written.rows[0]?.inserted) {
        this.log.warn("cluster: the other nodes judged this node dead; its turns and questions are given up");
        for (const listener of this.revivedListeners) listener();
      }
    } catch (err) {
      if (this.healthySince !== null) this.log.warn({ err }, "cluster: heartbeat not written");
      this.healthySince = null;
    }
    await this.sweep();
  }

  /** Removes dead nodes, then lets each feature clean up their rows (one sweep at a time). */
  sweep(): Promise<void> {
    this.sweeping ??= this.sweepOnce().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  /** Whether another node is alive now (so a question to the others can be answered at all). */
  async othersAlive(): Promise<boolean> {
    if (this.options.alone) return false;
    const deadAfter = `${this.options.deadAfterMs ?? NODE_DEAD_AFTER_MS} milliseconds`;
    const found = (await this.db.execute(
      sql`select 1 from server_nodes where id <> ${this.nodeId} and heartbeat_at >= now() - ${deadAfter}::interval limit 1`,
    )) as unknown as { rows: unknown[] };
    return found.rows.length > 0;
  }

  /** Leaving on purpose: the row goes, and with it this node's claim on anything left. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping;
    await this.db.execute(sql`delete from server_nodes where id = ${this.nodeId}`).catch(() => {});
    await this.sweepOnce();
  }

  private async sweepOnce(): Promise<void> {
    const deadAfterMs = this.options.deadAfterMs ?? NODE_DEAD_AFTER_MS;
    const deadAfter = `${deadAfterMs} milliseconds`;
    const judging =
      this.options.alone || (this.healthySince !== null && Date.now() - this.healthySince >= deadAfterMs);
    try {
      const dead = !judging
        ? { rows: [] }
        : ((await this.db.execute(
            this.options.alone
              ? sql`delete from server_nodes where id <> ${this.nodeId} returning id`
              : sql`delete from server_nodes where heartbeat_at < now() - ${deadAfter}::interval returning id`,
          )) as unknown as { rows: { id: string }[] });
      for (const { id } of dead.rows) this.log.warn({ node: id }, "cluster: a node stopped answering");
      for (const sweeper of this.sweepers) await sweeper(aliveNodesSql());
    } catch (err) {
      this.log.warn({ err }, "cluster: the sweep after dead nodes failed");
    }
  }
}
