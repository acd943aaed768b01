import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import type { Database } from "../db/client";
import { liveTerminals, users } from "../db/schema";
import { openScratchPostgres } from "../test/databases";
import { type Cluster, openCluster } from "./cluster";
import { LiveWork } from "./live-work";
import { type HeldWork, type LostWork, NodeWork } from "./node-work";
import { NodeRegistry } from "./nodes";

const postgresUrl = inject("postgresUrl");
const log = pino({ level: "silent" }) as unknown as FastifyBaseLogger;

/** Node-owned work on two nodes over one PostgreSQL: the claims, the cap, Stop, a death and a revival. */
describe.skipIf(postgresUrl === null)("cluster: node-owned work", () => {
  let database: Database;
  let clusters: Cluster[] = [];
  let registries: NodeRegistry[] = [];
  let userId = "";
  let otherId = "";

  /** Work of one kind on a node: claims in live_terminals (kind "mcp"), and what it was told. */
  const node = (cluster: Cluster, nodes: NodeRegistry, whenRevived: "give up" | "keep") => {
    const lost: LostWork[] = [];
    const work = new NodeWork(
      { db: database.db, nodeId: cluster.nodeId, signals: cluster, nodes },
      {
        kind: "test",
        claims: {
          table: liveTerminals,
          key: liveTerminals.id,
          userId: liveTerminals.userId,
          nodeId: liveTerminals.nodeId,
          startedAt: liveTerminals.createdAt,
          scope: eq(liveTerminals.kind, "mcp"),
        },
        givenUp: undefined,
        whenRevived,
        onLost: async (taken) => {
          lost.push(...taken);
        },
      },
    );
    const claim = (key: string, owner: string, stop: () => void, cap?: number) =>
      work.claim({
        key,
        userId: owner,
        stop,
        cap,
        insert: async (db) =>
          (
            await db
              .insert(liveTerminals)
              .values({ id: key, userId: owner, nodeId: cluster.nodeId, kind: "mcp" })
              .onConflictDoNothing()
              .returning()
          ).length > 0,
      });
    return { work, claim, lost };
  };
  /**
   * Nodes A and B: they beat only when told (a node can be judged dead), and judge others after
   * half a second of their own health.
   */
  const twoNodes = async () => {
    const ca = await openCluster(database, log);
    const cb = await openCluster(database, log);
    const registry = (c: Cluster) =>
      new NodeRegistry(database.db, c.nodeId, log, { heartbeatMs: 3_600_000, deadAfterMs: 500 });
    const [ra, rb] = [registry(ca), registry(cb)];
    clusters.push(ca, cb);
    registries.push(ra, rb);
    await ra.start();
    await rb.start();
    return { ca, cb, ra, rb };
  };
  const rowOf = async (key: string) =>
    (await database.db.select().from(liveTerminals).where(eq(liveTerminals.id, key)))[0] ?? null;

  beforeAll(async () => {
    database = await openScratchPostgres(postgresUrl ?? "");
    await database.migrate();
    const made = await database.db
      .insert(users)
      .values([
        { email: "work-a@example.com", username: "worka", passwordHash: "x" },
        { email: "work-b@example.com", username: "workb", passwordHash: "x" },
      ])
      .returning({ id: users.id });
    userId = made[0]?.id ?? "";
    otherId = made[1]?.id ?? "";
  });
  afterAll(async () => {
    for (const r of registries) await r.stop();
    for (const c of clusters) await c.close();
    clusters = [];
    registries = [];
    await database?.close();
  });

  it("claims hold a person's cap across nodes, Stop reaches the node that holds the work, and a dead node's work goes to the others once", async () => {
    const { ca, cb, ra, rb } = await twoNodes();
    const a = node(ca, ra, "give up");
    const b = node(cb, rb, "give up");
    const stops = { one: vi.fn(), two: vi.fn(), three: vi.fn() };

    // The cap (2) counts both nodes' claims; a key taken is refused.
    const one = (await a.claim("w-one", userId, stops.one, 2)) as HeldWork;
    expect("release" in one).toBe(true);
    expect(await b.claim("w-one", userId, stops.three)).toEqual({ refused: 1 });
    expect("release" in (await b.claim("w-two", userId, stops.two, 2))).toBe(true);
    expect(await a.claim("w-three", userId, stops.three, 2)).toEqual({ refused: 2 });
    expect("release" in (await a.claim("w-other", otherId, () => {}, 2))).toBe(true);
    expect(await b.work.nodeOf(userId, "w-one")).toBe(ca.nodeId);
    expect(await b.work.nodeOf(otherId, "w-one")).toBeNull();

    // Stop through B reaches A's work; another person's Stop does not.
    b.work.stop(otherId, "w-one", undefined);
    b.work.stop(userId, "w-one", undefined);
    await vi.waitFor(() => expect(stops.one).toHaveBeenCalledTimes(1), { timeout: 10_000 });

    // Released, its row goes and its place is free.
    expect(await one.release()).toBe(true);
    expect(await rowOf("w-one")).toBeNull();
    expect("release" in (await a.claim("w-three", userId, stops.three, 2))).toBe(true);

    // A falls silent: B's sweep takes A's claims, once, for onLost; A's own release then tells nothing.
    await database.db.execute(
      sql`update server_nodes set heartbeat_at = now() - interval '1 hour' where id = ${ca.nodeId}`,
    );
    await new Promise((r) => setTimeout(r, 600));
    await rb.beat(); // says B is alive, then sweeps
    await rb.beat();
    expect(b.lost.map((w) => w.key).sort()).toEqual(["w-other", "w-three"]);
    expect(b.lost.every((w) => w.nodeId === ca.nodeId && !w.givenUpHere)).toBe(true);
    expect(a.lost).toEqual([]);
    // Back, A finds it was judged dead: its work is given up.
    expect(stops.three).not.toHaveBeenCalled();
    await ra.beat();
    expect(stops.three).toHaveBeenCalledTimes(1);
    expect(await rowOf("w-three")).toBeNull();
  });

  it("processes held open (terminals, MCP servers) stay where they run: a node judged dead records them again", async () => {
    const { ca, cb, ra, rb } = await twoNodes();
    const shells = new LiveWork({ db: database.db, nodeId: ca.nodeId, nodes: ra }, "terminal");
    new LiveWork({ db: database.db, nodeId: cb.nodeId, nodes: rb }, "terminal");
    const stop = vi.fn();
    const held = (await shells.open({ id: "shell-1", userId, cap: 4, stop })) as HeldWork;
    await database.db.execute(
      sql`update server_nodes set heartbeat_at = now() - interval '1 hour' where id = ${ca.nodeId}`,
    );
    await new Promise((r) => setTimeout(r, 600));
    await rb.beat();
    expect(await rowOf("shell-1")).toBeNull();
    await ra.beat();
    await vi.waitFor(
      async () =>
        expect(await rowOf("shell-1")).toMatchObject({ nodeId: ca.nodeId, kind: "terminal", userId }),
      { timeout: 10_000 },
    );
    expect(stop).not.toHaveBeenCalled();
    expect(await held.release()).toBe(true);
    expect(
      await database.db
        .select()
        .from(liveTerminals)
        .where(and(eq(liveTerminals.userId, userId), eq(liveTerminals.kind, "terminal"))),
    ).toEqual([]);
  });
});
