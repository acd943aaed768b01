// The peer reference for the HNSW figures: the same vectors in LanceDB (embedded, HNSW-SQ,
// cosine). LanceDB is not a dependency of NeuroOS: it is installed on first use into
// bench/.cache (about 200 MB); BENCH_NO_LANCE=1 skips it.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { HNSW_EF_SEARCH } from "../apps/server/src/db/client.ts";
import { percentile } from "./vector-data.mjs";

const VERSION = "0.33.0"; // the newest release that runs on Node 20 (0.37 and later need Node 22)
const CACHE = path.join(import.meta.dirname, ".cache", `lancedb-${VERSION}`);

function loadLance() {
  if (process.env.BENCH_NO_LANCE) throw new Error("BENCH_NO_LANCE is set");
  if (!existsSync(path.join(CACHE, "node_modules", "@lancedb", "lancedb"))) {
    mkdirSync(CACHE, { recursive: true });
    execFileSync(
      "npm",
      [
        "install",
        "--no-save",
        "--no-package-lock",
        "--prefix",
        CACHE,
        `@lancedb/lancedb@${VERSION}`,
        "apache-arrow@18.1.0",
      ],
      { stdio: "ignore" },
    );
  }
  return createRequire(path.join(CACHE, "index.js"))("@lancedb/lancedb");
}

/** p50/p99 and recall@10 (against LanceDB's own exact scan) for the queries. */
export async function lanceReference(vectors, queries) {
  const lancedb = loadLance();
  const dir = mkdtempSync(path.join(os.tmpdir(), "neuroos-lance-"));
  try {
    const db = await lancedb.connect(dir);
    const table = await db.createTable(
      "chunks",
      vectors.map((v, id) => ({ id, vector: Array.from(v) })),
    );
    await table.createIndex("vector", {
      config: lancedb.Index.hnswSq({ distanceType: "cosine", numPartitions: 1 }),
    });
    // As for pgvector: the exact scans first, then the indexed searches one after another.
    const truths = [];
    for (const q of queries)
      truths.push(
        await table
          .vectorSearch(Array.from(q))
          .distanceType("cosine")
          .bypassVectorIndex()
          .limit(10)
          .toArray(),
      );
    const times = [];
    let recall = 0;
    for (const [i, q] of queries.entries()) {
      const vector = Array.from(q);
      const t = performance.now();
      // The candidate list pgvector gets here too (hnsw.ef_search).
      const found = await table
        .vectorSearch(vector)
        .distanceType("cosine")
        .ef(HNSW_EF_SEARCH)
        .limit(10)
        .toArray();
      times.push(performance.now() - t);
      const top = new Set(truths[i].map((r) => r.id));
      recall += found.filter((r) => top.has(r.id)).length / Math.max(1, top.size);
    }
    return {
      version: VERSION,
      index: "HNSW-SQ",
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      recall: recall / queries.length,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
