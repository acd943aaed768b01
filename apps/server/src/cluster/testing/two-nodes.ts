import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { type Database, openPostgres } from "../../db/client";
import { scratchPostgresUrl } from "../../test/databases";
import { listen } from "../../test/live-client";
import { buildTestApp, type TestApp } from "../../test/test-app";
import { openCluster } from "../cluster";

export interface TestNode extends TestApp {
  database: Database;
  wsUrl: string;
  origin: string;
}

export interface TwoNodes {
  a: TestNode;
  b: TestNode;
  /** The shared data directory (the mount every node has). */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Two server nodes on one fresh PostgreSQL database and one data directory, each listening on
 * its own port: what a load balancer would spread browsers over.
 */
export async function startTwoNodes(
  adminUrl: string,
  env: Record<string, string> = {},
  options: { loginPerMinute?: number } = {},
): Promise<TwoNodes> {
  const scratch = await scratchPostgresUrl(adminUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-nodes-"));
  const node = async (): Promise<TestNode> => {
    const database = await openPostgres(scratch.url);
    await database.migrate();
    const app = await buildTestApp(database, { DATA_DIR: dataDir, ...env }, options);
    return { ...app, database, ...(await listen(app.app)) };
  };
  const a = await node();
  const b = await node();
  return {
    a,
    b,
    dataDir,
    close: async () => {
      for (const n of [a, b]) {
        await n.app.close();
        await n.database.close();
      }
      await scratch.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A node whose heartbeat the test holds by hand, to have the other nodes judge it dead. */
export interface NodeToJudge extends TestNode {
  nodeId: string;
  /** Sets its heartbeat to now plus `offset` ("1 hour" fresh for an hour, "-1 hour" dead). */
  beat(offset: string): Promise<unknown>;
}

/**
 * Another node on `database` that writes its heartbeat once, at start: the test then holds it
 * fresh, and ages it when the node should be judged dead.
 */
export async function nodeToJudgeDead(database: Database, env: Record<string, string>): Promise<NodeToJudge> {
  const cluster = await openCluster(database, pino({ level: "silent" }) as unknown as FastifyBaseLogger);
  const node = await buildTestApp(database, env, { cluster, heartbeat: { heartbeatMs: 3_600_000 } });
  const beat = (offset: string) =>
    database.db.execute(
      sql`update server_nodes set heartbeat_at = now() + ${offset}::interval where id = ${cluster.nodeId}`,
    );
  await beat("1 hour");
  return { ...node, database, nodeId: cluster.nodeId, beat, ...(await listen(node.app)) };
}
