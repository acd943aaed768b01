import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import * as schema from "./schema";
import { DatabasePool } from "./unreachable";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of `Db`, as its callback receives it. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DatabaseKind = "pglite" | "postgres";

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** The PostgreSQL server's connection string (nodes listen for each other on it). */
  url?: string;
  /** Applies the committed SQL migrations (idempotent). */
  migrate(): Promise<void>;
  /** Cheap liveness check. */
  ping(): Promise<boolean>;
  /** Flushes and closes; PGlite must be closed or its last writes may be lost. */
  close(): Promise<void>;
}

/** The committed migrations live in apps/server/drizzle, next to src/ and dist/. */
export function migrationsFolder(): string {
  let dir = path.dirname(new URL(import.meta.url).pathname);
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, "drizzle");
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error("Migrations folder apps/server/drizzle not found");
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The candidates a pgvector HNSW scan keeps (hnsw.ef_search): no fewer than a search asks for
 * (pgvector's default 40 is). At 100k chunks (bench:vector) 64 gives recall@10 0.97-0.99 at 100-d
 * and 384-d; 100 gained up to 0.01 for about 20% more time.
 */
export const HNSW_EF_SEARCH = 64;

/**
 * What every session starts with: HNSW_EF_SEARCH candidates, and an HNSW scan that goes on past
 * other people's rows (pgvector's iterative scan) until a person's search has its candidates,
 * nearest first. Set once per session, so a search is one statement (a SET LOCAL needs a
 * transaction around it: four). Before pgvector is loaded they are placeholders, which it takes up
 * when it loads; without pgvector they do nothing.
 */
export const SESSION_SETTINGS: Record<string, string> = {
  "hnsw.ef_search": String(HNSW_EF_SEARCH),
  "hnsw.iterative_scan": "strict_order",
};

/** A PGlite database, which can also be dumped whole (a cluster template). */
export interface PgliteDatabase extends Database {
  dump(): Promise<Blob>;
}

/** Whether `dir` holds no cluster yet (in memory: always). */
function isNewCluster(dir?: string): boolean {
  return !dir || !fs.existsSync(path.join(dir, "PG_VERSION"));
}

/**
 * PGlite in `dir`, or in memory when `dir` is undefined (tests). A new cluster starts from
 * `template` (a dump of a migrated cluster, db/cluster-template.ts) when one is given.
 */
export async function openPglite(dir?: string, template?: Blob): Promise<PgliteDatabase> {
  const fresh = isNewCluster(dir);
  if (dir) fs.mkdirSync(dir, { recursive: true });
  // pgvector for semantic search (HNSW), built for PGlite. A new cluster has no page checksums
  // (PostgreSQL 18's initdb turned them on): in WebAssembly, checking each page read from PGlite's
  // files was a quarter of a search at 384-d (bench:vector, 5.2 → 3.9 ms). An existing cluster
  // keeps what it was made with.
  const client = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(template && fresh ? { loadDataDir: template } : {}),
    extensions: { vector },
    initDbStartParams: ["--no-data-checksums"],
  });
  for (const [name, value] of Object.entries(SESSION_SETTINGS))
    await client.query("select set_config($1, $2, false)", [name, value]);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() }),
    ping: () => ping(db),
    close: () => client.close(),
    dump: async () => (await client.dumpDataDir("gzip")) as Blob,
  };
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new DatabasePool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    options: Object.entries(SESSION_SETTINGS)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(" "),
  });
  pool.on("error", () => {
    /* idle client errors surface on the next query; do not crash */
  });
  // A client checked out of the pool (each transaction) has no error listener of the pool's: the
  // server dying under it would be an unhandled 'error' event, ending the whole process. Its
  // queries fail on their own, and the pool drops the broken client when it is released.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    url,
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: migrationsFolder() }),
    ping: () => ping(db),
    close: () => pool.end(),
  };
}
