import { Writable } from "node:stream";
import type { ServerFrame } from "@neuroos/contracts";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Database } from "../db/client";
import { openScratchPostgres } from "../test/databases";
import { Cluster } from "./cluster";
import { PgTransport } from "./pg-transport";

const postgresUrl = inject("postgresUrl");

/** A real pino logger whose lines the test reads. */
function recordingLog(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: pino({ level: "info" }, stream) as unknown as FastifyBaseLogger, lines };
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
}

const token = (i: number): ServerFrame => ({
  type: "chat_token",
  sessionId: "s",
  messageId: "m",
  content: String(i),
});

describe.skipIf(postgresUrl === null)("cluster: the live bus through PostgreSQL LISTEN/NOTIFY", () => {
  let database: Database;
  const nodes: Cluster[] = [];
  const node = async (name: string, log = recordingLog().log) => {
    const transport = new PgTransport({ url: database.url ?? "", nodeId: name, db: database.db, log });
    await transport.start();
    const cluster = new Cluster(name, transport);
    nodes.push(cluster);
    return cluster;
  };

  beforeAll(async () => {
    database = await openScratchPostgres(postgresUrl ?? "");
    await database.migrate();
  });
  afterAll(async () => {
    for (const n of nodes) await n.close();
    await database?.close(); // and drops it
  });

  it("a user's frames published on one node reach the other's subscribers in order, once, and not back", async () => {
    const [a, b] = [await node("node-a"), await node("node-b")];
    const onA: ServerFrame[] = [];
    const onB: ServerFrame[] = [];
    const others: ServerFrame[] = [];
    a.bus.subscribe("user-1", (f) => onA.push(f));
    b.bus.subscribe("user-1", (f) => onB.push(f));
    b.bus.subscribe("user-2", (f) => others.push(f));
    for (let i = 0; i < 2000; i++) a.bus.publish("user-1", token(i));
    await until(() => onB.length >= 2000);
    await new Promise((r) => setTimeout(r, 200));
    const contents = (frames: ServerFrame[]) =>
      frames.map((f) => (f.type === "chat_token" ? f.content : "?"));
    const expected = Array.from({ length: 2000 }, (_, i) => String(i));
    expect(contents(onB)).toEqual(expected);
    expect(contents(onA)).toEqual(expected); // this node's sockets once, straight away
    expect(others).toEqual([]);
  });

  it("the same frame many times over arrives every time (PostgreSQL folds equal payloads of one statement)", async () => {
    const [a, b] = [await node("same-a"), await node("same-b")];
    let got = 0;
    b.bus.subscribe("user-same", () => {
      got += 1;
    });
    for (let i = 0; i < 3000; i++) a.bus.publish("user-same", token(0));
    await until(() => got >= 3000);
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toBe(3000);
  });

  it("a listener that throws on one frame does not stop the ones after it", async () => {
    const [a, b] = [await node("throw-a"), await node("throw-b")];
    const got: string[] = [];
    b.bus.subscribe("user-throw", (f) => {
      const content = f.type === "chat_token" ? f.content : "";
      if (content === "1") throw new Error("a broken listener");
      got.push(content);
    });
    for (let i = 0; i < 3; i++) a.bus.publish("user-throw", token(i));
    await new Promise((r) => setTimeout(r, 100)); // separate notifications
    a.bus.publish("user-throw", token(3));
    await until(() => got.length >= 3);
    expect(got).toEqual(["0", "2", "3"]);
  });

  it("a frame over the NOTIFY limit goes through the table, in its place among the small ones", async () => {
    const [a, b] = [await node("big-a"), await node("big-b")];
    const got: ServerFrame[] = [];
    b.bus.subscribe("user-big", (f) => got.push(f));
    // 60 kB of text with characters that take several bytes, a NUL and a lone surrogate.
    const big = `${"héllo wörld 🌍 ".repeat(3000)}\u0000\ud800`;
    a.bus.publish("user-big", token(1));
    a.bus.publish("user-big", { type: "chat_token", sessionId: "s", messageId: "m", content: big });
    a.bus.publish("user-big", token(3));
    await until(() => got.length >= 3);
    expect(got.map((f) => (f.type === "chat_token" ? f.content : ""))).toEqual(["1", big, "3"]);
    const stored = (await database.db.execute(
      sql`select count(*)::int as n from live_payloads`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(stored.rows[0]?.n).toBeGreaterThanOrEqual(1);
  });

  it("signals reach the other nodes, not the sender", async () => {
    const [a, b, c] = [await node("sig-a"), await node("sig-b"), await node("sig-c")];
    const heard: string[] = [];
    for (const [name, n] of [
      ["a", a],
      ["b", b],
      ["c", c],
    ] as const)
      n.onSignal<{ id: string }>("chat_stop", (p) => heard.push(`${name}:${p.id}`));
    a.broadcast("chat_stop", { id: "42" });
    await until(() => heard.length >= 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(heard.sort()).toEqual(["b:42", "c:42"]);
  });

  it("a node that loses its database connection listens again, says so, and hears what follows", async () => {
    const recorded = recordingLog();
    const [a, b] = [await node("re-a"), await node("re-b", recorded.log)];
    const got: ServerFrame[] = [];
    b.bus.subscribe("user-re", (f) => got.push(f));
    const admin = new pg.Client({ connectionString: database.url ?? "" });
    await admin.connect();
    // Ends every connection listening on this database (b's listener; a's too).
    const ended = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'",
    );
    await admin.end();
    expect(ended.rowCount).toBeGreaterThanOrEqual(2);
    await until(() => recorded.lines.some((l) => l.includes("listening again")));
    a.bus.publish("user-re", token(7));
    await until(() => got.length >= 1);
    expect(got).toEqual([token(7)]);
    expect(recorded.lines.some((l) => l.includes("lost the database connection"))).toBe(true);
  });
});
