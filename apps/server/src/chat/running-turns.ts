import { and, eq, sql } from "drizzle-orm";
import type { Cluster } from "../cluster/cluster";
import { type NodeSweeper, onAliveNode, releaseStaleClaims } from "../cluster/nodes";
import type { Db } from "../db/client";
import { chatTurns } from "../db/schema";

/** Node to node: stop the turn of this session if you run it. */
const STOP_TOPIC = "chat_stop";

export interface LostTurn {
  sessionId: string;
  userId: string;
  agent: boolean;
}

/**
 * The chat turns running now, one per session on whichever node: a row of `chat_turns` each
 * (claimed atomically, so two nodes never start two turns in one session), and this node's
 * own turns' abort controllers. Stop reaches the node that runs the turn.
 */
export class RunningTurns {
  private readonly here = new Map<string, { userId: string; controller: AbortController }>();

  constructor(
    private readonly db: Db,
    private readonly cluster: Pick<Cluster, "nodeId" | "broadcast" | "onSignal">,
  ) {
    cluster.onSignal<{ userId: string; sessionId: string }>(STOP_TOPIC, ({ userId, sessionId }) =>
      this.stopHere(userId, sessionId),
    );
  }

  /** Claims the session for a turn run here; null when a turn runs in it already, on any node. */
  async start(userId: string, sessionId: string, agent: boolean): Promise<AbortController | null> {
    const claimed = await this.db
      .insert(chatTurns)
      .values({ sessionId, userId, nodeId: this.cluster.nodeId, agent })
      .onConflictDoNothing()
      .returning({ sessionId: chatTurns.sessionId });
    if (claimed.length === 0) return null;
    const controller = new AbortController();
    this.here.set(sessionId, { userId, controller });
    return controller;
  }

  /**
   * The turn of `controller` ended: the session takes a new message. A turn given up (this node
   * was judged dead) whose session has a newer turn here leaves that turn's claim alone.
   */
  async end(sessionId: string, controller: AbortController): Promise<void> {
    if (this.here.get(sessionId)?.controller !== controller) return;
    try {
      await this.db
        .delete(chatTurns)
        .where(and(eq(chatTurns.sessionId, sessionId), eq(chatTurns.nodeId, this.cluster.nodeId)));
    } finally {
      if (this.here.get(sessionId)?.controller === controller) this.here.delete(sessionId);
    }
  }

  /** Stops every turn of this node (given up: the other nodes judged it dead). */
  stopAll(): void {
    for (const { controller } of this.here.values()) controller.abort();
  }

  /** Stops the user's turn in the session, here or on the node that runs it. */
  stop(userId: string, sessionId: string): void {
    if (!this.stopHere(userId, sessionId)) this.cluster.broadcast(STOP_TOPIC, { userId, sessionId });
  }

  /** The user's agent sessions with a turn running on a node alive. */
  async agentSessions(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ sessionId: chatTurns.sessionId })
      .from(chatTurns)
      .where(and(eq(chatTurns.userId, userId), eq(chatTurns.agent, true), onAliveNode(chatTurns.nodeId)));
    return rows.map((row) => row.sessionId);
  }

  /**
   * Takes the turns of nodes no longer alive (each taken by one node's sweep). A turn of this node
   * among them (this node was thought dead) is stopped: it was given up for failed.
   */
  async claimLost(alive: Parameters<NodeSweeper>[0]): Promise<LostTurn[]> {
    const claims = {
      table: chatTurns,
      nodeId: chatTurns.nodeId,
      key: chatTurns.sessionId,
      startedAt: chatTurns.startedAt,
    };
    await releaseStaleClaims(this.db, claims, this.cluster.nodeId, [...this.here.keys()]);
    const lost = await this.db.delete(chatTurns).where(sql`${chatTurns.nodeId} not in ${alive}`).returning({
      sessionId: chatTurns.sessionId,
      userId: chatTurns.userId,
      agent: chatTurns.agent,
      nodeId: chatTurns.nodeId,
    });
    return lost.map(({ nodeId, ...turn }) => {
      if (nodeId === this.cluster.nodeId) this.stopHere(turn.userId, turn.sessionId);
      return turn;
    });
  }

  /** Stops every turn of this node and waits until they have ended (shutdown). */
  async close(): Promise<void> {
    this.stopAll();
    while (this.here.size > 0) await new Promise((r) => setTimeout(r, 20));
  }

  private stopHere(userId: string, sessionId: string): boolean {
    const turn = this.here.get(sessionId);
    if (!turn || turn.userId !== userId) return false;
    turn.controller.abort();
    return true;
  }
}
