import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { liveTerminals } from "../db/schema";
import { type HeldWork, NodeWork } from "./node-work";
import type { NodeRegistry } from "./nodes";

/**
 * Processes of one kind held open on the server nodes (terminals: a row while the shell lives,
 * attached or waiting for a reattach; local MCP servers: while their sandbox runs), as node-owned
 * work: each stays on its node, which the others can look up; a per-person cap counts every live
 * node's. A node judged dead keeps its processes and records them again.
 */
export class LiveWork extends NodeWork {
  constructor(
    deps: { db: Db; nodeId: string; nodes?: Pick<NodeRegistry, "onSweep" | "onRevived"> },
    private readonly process: "terminal" | "mcp",
  ) {
    super(deps, {
      kind: `live_${process}`,
      claims: {
        table: liveTerminals,
        key: liveTerminals.id,
        userId: liveTerminals.userId,
        nodeId: liveTerminals.nodeId,
        startedAt: liveTerminals.createdAt,
        scope: eq(liveTerminals.kind, process),
      },
      givenUp: undefined,
      whenRevived: "keep",
    });
  }

  /**
   * Records process `id` of `userId` on this node (`stop` ends it), unless the person already has
   * `cap` of this kind open on the live nodes: answers the claim, or how many they have open.
   */
  open(work: {
    id: string;
    userId: string;
    cap: number;
    stop: () => void;
  }): Promise<HeldWork | { refused: number }> {
    return this.claim({
      key: work.id,
      userId: work.userId,
      stop: work.stop,
      cap: work.cap,
      insert: async (db) =>
        (
          await db
            .insert(liveTerminals)
            .values({ id: work.id, userId: work.userId, nodeId: this.nodeId, kind: this.process })
            .onConflictDoNothing()
            .returning({ id: liveTerminals.id })
        ).length > 0,
    });
  }
}
