import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Database } from "../db/client";
import { openScratchPostgres } from "../test/databases";
import { NodeRegistry } from "./nodes";

const postgresUrl = inject("postgresUrl");
const log = pino({ level: "silent" }) as unknown as FastifyBaseLogger;

describe.skipIf(postgresUrl === null)("cluster: nodes alive and dead", () => {
  let database: Database;
  const registries: NodeRegistry[] = [];
  const exists = async (id: string) =>
    (
      (await database.db.execute(sql`select 1 from server_nodes where id = ${id}`)) as unknown as {
        rows: unknown[];
      }
    ).rows.length > 0;

  beforeAll(async () => {
    database = await openScratchPostgres(postgresUrl ?? "");
    await database.migrate();
  });
  afterAll(async () => {
    for (const r of registries) await r.stop();
    await database?.close(); // and drops it
  });

  it("a node judges others dead only once its own heartbeats have held for the whole dead-after time", async () => {
    // A node silent for an hour, as every node looks after a long database outage.
    await database.db.execute(
      sql`insert into server_nodes (id, host, pid, heartbeat_at) values ('silent', 'h', 1, now() - interval '1 hour')`,
    );
    const registry = new NodeRegistry(database.db, "back-first", log, { heartbeatMs: 50, deadAfterMs: 800 });
    registries.push(registry);
    await registry.start();
    await new Promise((r) => setTimeout(r, 300));
    expect(await exists("silent")).toBe(true); // 300 ms healthy: not yet a judge
    await expect.poll(() => exists("silent"), { timeout: 3000, interval: 20 }).toBe(false);
  });

  it("a node that finds itself judged dead says so and gives its work up", async () => {
    const revived: number[] = [];
    const registry = new NodeRegistry(database.db, "judged", log, { heartbeatMs: 50, deadAfterMs: 800 });
    registries.push(registry);
    registry.onRevived(() => revived.push(Date.now()));
    await registry.start();
    await new Promise((r) => setTimeout(r, 200));
    expect(revived).toEqual([]);
    await database.db.execute(sql`delete from server_nodes where id = 'judged'`); // another node's sweep
    await expect.poll(() => revived.length, { timeout: 5000, interval: 20 }).toBe(1);
    expect(await exists("judged")).toBe(true); // and it is alive again from then on
    await new Promise((r) => setTimeout(r, 200));
    expect(revived).toHaveLength(1);
  });
});
