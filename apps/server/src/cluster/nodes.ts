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
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    readonly nodeId: string,
    private readonly log: FastifyBaseLogger,
    private readonly options: { heartbeatMs?: number; deadAfterMs?: number; alone?: boolean } = {},
  ) {}

  onSweep(sweeper: NodeSweeper): void {
    this.sweepers.push(sweeper);
  }

  async start(): Promise<void> {
    await this.db
      .insert(serverNodes)
      .values({ id: this.nodeId, host: os.hostname(), pid: process.pid })
      .onConflictDoNothing();
    await this.sweep();
    this.timer = setInterval(() => void this.beat(), this.options.heartbeatMs ?? HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Says this node is alive and cleans up after dead ones. */
  async beat(): Promise<void> {
    await this.db
      .execute(sql`insert into server_nodes (id, host, pid) values (${this.nodeId}, ${os.hostname()}, ${process.pid})
        on conflict (id) do update set heartbeat_at = now()`)
      .catch((err) => this.log.warn({ err }, "cluster: heartbeat not written"));
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
    const deadAfter = `${this.options.deadAfterMs ?? NODE_DEAD_AFTER_MS} milliseconds`;
    try {
      const dead = (await this.db.execute(
        this.options.alone
          ? sql`delete from server_nodes where id <> ${this.nodeId} returning id`
          : sql`delete from server_nodes where heartbeat_at < now() - ${deadAfter}::interval returning id`,
      )) as unknown as { rows: { id: string }[] };
      for (const { id } of dead.rows) this.log.warn({ node: id }, "cluster: a node stopped answering");
      for (const sweeper of this.sweepers) await sweeper(aliveNodesSql());
    } catch (err) {
      this.log.warn({ err }, "cluster: the sweep after dead nodes failed");
    }
  }
}
