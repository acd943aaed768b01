import { sql } from "drizzle-orm";
import type { Cluster } from "../cluster/cluster";
import { NodeWork } from "../cluster/node-work";
import type { NodeRegistry } from "../cluster/nodes";
import type { Db } from "../db/client";
import { mcpRunningCalls } from "../db/schema";

/**
 * The tools/call runs of /mcp, as node-owned work: a row each while it runs (its session and
 * request id, its node), so `notifications/cancelled`, which arrives in another request and
 * perhaps on another node, stops the run where it is.
 */
export class McpRunningCalls {
  private readonly work: NodeWork;

  constructor(deps: {
    db: Db;
    nodeId: string;
    signals?: Pick<Cluster, "broadcast" | "onSignal">;
    nodes?: Pick<NodeRegistry, "onSweep" | "onRevived">;
  }) {
    this.work = new NodeWork<void>(deps, {
      kind: "mcp_call",
      claims: {
        table: mcpRunningCalls,
        key: mcpRunningCalls.key,
        userId: mcpRunningCalls.userId,
        nodeId: mcpRunningCalls.nodeId,
        startedAt: mcpRunningCalls.startedAt,
      },
      givenUp: undefined,
      takeLost: (db, alive) =>
        db.delete(mcpRunningCalls).where(sql`${mcpRunningCalls.nodeId} not in ${alive}`).returning({
          key: mcpRunningCalls.key,
          userId: mcpRunningCalls.userId,
          nodeId: mcpRunningCalls.nodeId,
        }),
    });
  }

  /** The key of a request: its session's (or, without one, its token's) and its JSON-RPC id. */
  static keyOf(scope: string, requestId: string | number): string {
    return `${scope}:${JSON.stringify(requestId)}`;
  }

  /**
   * Runs `run` as the call `key` of `userId`, its signal aborted by the client going away
   * (`signal`) or a cancel from any node. A key already running (a client reusing a request id)
   * runs without a claim: a cancel then reaches the first.
   */
  async run<T>(userId: string, key: string, signal: AbortSignal, run: (signal: AbortSignal) => Promise<T>) {
    const controller = new AbortController();
    const stop = () => controller.abort(new Error("The client cancelled the request"));
    signal.addEventListener("abort", stop, { once: true });
    const held = await this.work.claim({
      key,
      userId,
      stop,
      insert: async (db) =>
        (
          await db
            .insert(mcpRunningCalls)
            .values({ key, userId, nodeId: this.work.nodeId })
            .onConflictDoNothing()
            .returning({ key: mcpRunningCalls.key })
        ).length > 0,
    });
    try {
      return await run(controller.signal);
    } finally {
      signal.removeEventListener("abort", stop);
      if ("release" in held) await held.release();
    }
  }

  /** Stops the user's call `key` where it runs: here, or by a signal to the other nodes. */
  cancel(userId: string, key: string): void {
    this.work.stop(userId, key, undefined);
  }
}
