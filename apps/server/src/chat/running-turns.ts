import { and, eq, sql } from "drizzle-orm";
import type { Cluster } from "../cluster/cluster";
import { type LostWork, NodeWork } from "../cluster/node-work";
import { type NodeRegistry, onAliveNode } from "../cluster/nodes";
import type { Db } from "../db/client";
import { chatTurns } from "../db/schema";

export interface LostTurn extends LostWork {
  agent: boolean;
}

/** A turn running here: its signal, and its end (the session takes a new message). */
export interface RunningTurn {
  controller: AbortController;
  end(): Promise<boolean>;
}

/**
 * The chat turns running now, one per session on whichever node: a row of `chat_turns` each
 * (claimed atomically, so two nodes never start two turns in one session), node-owned work
 * (cluster/node-work.ts): Stop reaches the node that runs the turn, and the turns of a node that
 * died go to `onLost`.
 */
export class RunningTurns {
  private readonly work: NodeWork<void, LostTurn>;

  constructor(
    private readonly db: Db,
    cluster: Pick<Cluster, "nodeId" | "broadcast" | "onSignal">,
    nodes: Pick<NodeRegistry, "onSweep" | "onRevived">,
    onLost: (turns: LostTurn[]) => Promise<void>,
  ) {
    const claims = {
      table: chatTurns,
      key: chatTurns.sessionId,
      userId: chatTurns.userId,
      nodeId: chatTurns.nodeId,
      startedAt: chatTurns.startedAt,
    };
    this.work = new NodeWork<void, LostTurn>(
      { db, nodeId: cluster.nodeId, signals: cluster, nodes },
      {
        kind: "chat",
        claims,
        givenUp: undefined,
        takeLost: (d, alive) =>
          d.delete(chatTurns).where(sql`${chatTurns.nodeId} not in ${alive}`).returning({
            key: chatTurns.sessionId,
            userId: chatTurns.userId,
            nodeId: chatTurns.nodeId,
            agent: chatTurns.agent,
          }),
        onLost,
      },
    );
  }

  /** Claims the session for a turn run here; null when a turn runs in it already, on any node. */
  async start(userId: string, sessionId: string, agent: boolean): Promise<RunningTurn | null> {
    const controller = new AbortController();
    const held = await this.work.claim({
      key: sessionId,
      userId,
      stop: () => controller.abort(),
      insert: async (db) =>
        (
          await db
            .insert(chatTurns)
            .values({ sessionId, userId, nodeId: this.work.nodeId, agent })
            .onConflictDoNothing()
            .returning({ sessionId: chatTurns.sessionId })
        ).length > 0,
    });
    return "refused" in held ? null : { controller, end: held.release };
  }

  /** Stops the user's turn in the session, here or on the node that runs it. */
  stop(userId: string, sessionId: string): void {
    this.work.stop(userId, sessionId, undefined);
  }

  /** The user's agent sessions with a turn running on a node alive. */
  async agentSessions(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ sessionId: chatTurns.sessionId })
      .from(chatTurns)
      .where(and(eq(chatTurns.userId, userId), eq(chatTurns.agent, true), onAliveNode(chatTurns.nodeId)));
    return rows.map((row) => row.sessionId);
  }

  /** Stops every turn of this node and waits until they have ended (shutdown). */
  close(): Promise<void> {
    return this.work.close(undefined);
  }
}
