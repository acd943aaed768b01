import type { FastifyInstance } from "fastify";
import { sessionCacheOf } from "../auth/session-cache";
import type { Database } from "../db/client";
import { type Cluster, openCluster } from "./cluster";
import { NodeRegistry } from "./nodes";
import { shareSessionEnds } from "./session-ends";

/**
 * This node joins the others on its database (alone on PGlite): the cluster (live bus, signals),
 * its heartbeat, and sessions ended everywhere at once. Leaves on close. The registry is started
 * by the caller once every feature has registered its sweep.
 */
export async function joinCluster(
  app: FastifyInstance,
  database: Database,
  given: { cluster?: Cluster; heartbeat?: { heartbeatMs?: number; deadAfterMs?: number } },
): Promise<{ cluster: Cluster; nodes: NodeRegistry }> {
  const cluster = given.cluster ?? (await openCluster(database, app.log));
  const nodes = new NodeRegistry(database.db, cluster.nodeId, app.log, {
    ...given.heartbeat,
    alone: database.kind === "pglite",
  });
  const stopSharingSessionEnds = shareSessionEnds(cluster, sessionCacheOf(database.db));
  app.addHook("onClose", async () => {
    stopSharingSessionEnds();
    await nodes.stop();
    await cluster.close();
  });
  return { cluster, nodes };
}

/**
 * A per-node cache entry dropped on every node: returns what to call where the data changes (it
 * drops the entry here and tells the others).
 */
export function dropEverywhere(cluster: Cluster, topic: string, drop: (key: string) => void) {
  cluster.onSignal<{ key: string }>(topic, ({ key }) => drop(key));
  return (key: string) => {
    drop(key);
    cluster.broadcast(topic, { key });
  };
}
