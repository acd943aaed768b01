import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Database, openPostgres } from "../../db/client";
import { scratchPostgresUrl } from "../../test/databases";
import { listen } from "../../test/live-client";
import { buildTestApp, type TestApp } from "../../test/test-app";

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
