// Semantic search figures (run: npm run bench:vector), each beside its reference in one run:
//  - 100k chunks at 100-d (GloVe vectors of WordNet's glosses) and 384-d (the same, projected): the HNSW
//    query (the app's own SQL on PGlite's pgvector) p50/p99 and recall@10, against the exact
//    scan run in the same process; LanceDB on the same data as the peer reference;
//  - indexing throughput end to end (files → chunks → vectors → rows), against embedding alone;
//  - retrieval quality on WordNet (bench/vector-quality.mjs).
// BENCH_CHUNKS (default 100000) and BENCH_QUERIES (default 50; each also runs the exact scan,
// about 2 s at 100-d and 8 s at 384-d) scale it.
import os from "node:os";
import { sql } from "drizzle-orm";
import { openPglite } from "../apps/server/src/db/client.ts";
import { fileChunks } from "../apps/server/src/vector/chunks.ts";
import { localEmbedder } from "../apps/server/src/vector/glove.ts";
import { EmbeddingModels, loadPgvector } from "../apps/server/src/vector/models.ts";
import { vectorCandidates } from "../apps/server/src/vector/search-sql.ts";
import { VectorService } from "../apps/server/src/vector/service.ts";
import { benchIndex, benchUser, percentile, randomSentence, seeded, wordnetSynsets } from "./vector-data.mjs";
import { lanceReference } from "./vector-lance.mjs";
import { qualityFigures } from "./vector-quality.mjs";

const CHUNKS = Number(process.env.BENCH_CHUNKS ?? 100_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 50);
const glove = localEmbedder();
const ms = (n) => `${n.toFixed(2)} ms`;

/** A fixed random linear map from `from` to `to` dimensions (unit length out). */
function projection(from, to, random) {
  const gauss = () => Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
  const matrix = Array.from({ length: to }, () => Float32Array.from({ length: from }, gauss));
  return (v) => {
    const out = new Float32Array(to);
    for (let r = 0; r < to; r++) {
      let sum = 0;
      for (let c = 0; c < from; c++) sum += matrix[r][c] * v[c];
      out[r] = sum;
    }
    const norm = Math.hypot(...out) || 1;
    return out.map((x) => x / norm);
  };
}

async function insertVectors(db, userId, model, vectors, texts) {
  for (let i = 0; i < vectors.length; i += 1000) {
    const rows = vectors.slice(i, i + 1000).map((v, j) => ({
      id: `bench-${i + j}`,
      content: texts?.[i + j] ?? `chunk ${i + j}`,
      embedding: `{${Array.from(v).join(",")}}`,
    }));
    await db.execute(sql`insert into vector_chunks (user_id, object_type, object_id, content, model, embedding)
      select ${userId}, 'text', r.id, r.content, ${model}, r.embedding::real[]
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, content text, embedding text)`);
  }
}

async function annFigures(dims) {
  const random = seeded(dims);
  const database = await openPglite();
  await database.migrate();
  const db = database.db;
  if (!(await loadPgvector(db))) throw new Error("PGlite's pgvector did not load");
  const userId = await benchUser(db);
  const model = `bench-${dims}d`;
  const started = performance.now();
  // Real text: WordNet's glosses (117k on Debian), a query being a gloss left out of the index;
  // sentences of random words where WordNet is missing. At 384-d, their GloVe vectors lifted by
  // a fixed random projection: the geometry of real text at the cost of 384 dimensions.
  const glosses = (() => {
    try {
      return wordnetSynsets().map((s) => s.gloss);
    } catch {
      return [];
    }
  })();
  const real = glosses.length >= CHUNKS + QUERIES;
  const pool = real ? glosses : Array.from({ length: CHUNKS + QUERIES }, () => randomSentence(glove, random));
  const source = `${real ? "WordNet glosses" : "sentences of random words"}${dims === 100 ? "" : `, projected from 100-d`}`;
  const step = Math.floor(pool.length / QUERIES);
  const held = new Set(Array.from({ length: QUERIES }, (_, i) => i * step));
  const texts = pool.filter((_, i) => !held.has(i)).slice(0, CHUNKS);
  const lift = dims === 100 ? (v) => v : projection(100, dims, random);
  const vectors = texts.map((t) => lift(glove.embed(t)));
  const queries = [...held].map((i) => lift(glove.embed(pool[i])));
  await insertVectors(db, userId, model, vectors, texts);
  const loadedMs = performance.now() - started;
  const models = new EmbeddingModels(db, glove, true);
  const indexStart = performance.now();
  await models.ensureIndex({ id: model, dimensions: dims });
  const indexMs = performance.now() - indexStart;
  await new VectorService(db, models).analyze(); // as the indexer does after indexing

  // The exact scans first, then the HNSW queries one after another, as searches come: an exact
  // scan reads the whole table through the buffer cache, and run before each query it left the
  // index to be read again every time (7.3 ms p50 at 384-d instead of ~4.5 at the same load).
  const exact = [];
  const truths = [];
  for (const vector of queries) {
    const t = performance.now();
    truths.push(await vectorCandidates(db, { userId, model, dims, vector, hnsw: false }));
    exact.push(performance.now() - t);
  }
  const hnsw = [];
  let recall = 0;
  for (const [i, vector] of queries.entries()) {
    const t = performance.now();
    const found = await vectorCandidates(db, { userId, model, dims, vector, hnsw: true });
    hnsw.push(performance.now() - t);
    const top = new Set((truths[i] ?? []).slice(0, 10).map((c) => c.id));
    recall += found.slice(0, 10).filter((c) => top.has(c.id)).length / Math.min(10, top.size);
  }
  await database.close();
  const figures = {
    dims,
    source,
    loadedMs,
    indexMs,
    hnswP50: percentile(hnsw, 50),
    hnswP99: percentile(hnsw, 99),
    exactP50: percentile(exact, 50),
    recall: recall / queries.length,
    load: os.loadavg()[0], // the machine's, as the latencies were measured
  };
  figures.lance = await lanceReference(vectors, queries).catch((err) => ({ error: err.message }));
  return figures;
}

async function throughput() {
  const random = seeded(7);
  const { database, vectors, userId } = await benchIndex(glove);
  const files = Array.from({ length: 300 }, () =>
    Array.from({ length: 120 }, () => randomSentence(glove, random)).join("\n"),
  );
  let t = performance.now();
  let chunks = 0;
  for (const [i, content] of files.entries())
    chunks += (
      await vectors.embedObject(userId, { objectType: "file", objectId: `/home/user/f${i}.txt`, content })
    ).chunks;
  const endToEnd = chunks / ((performance.now() - t) / 1000);
  // The reference: the same chunks embedded, nothing stored.
  t = performance.now();
  let embedded = 0;
  for (const content of files)
    for (const chunk of fileChunks(content)) {
      glove.embed(chunk.content);
      embedded += 1;
    }
  const embedOnly = embedded / ((performance.now() - t) / 1000);
  await database.close();
  return { chunks, endToEnd, embedOnly };
}

console.log(`Semantic search: ${CHUNKS} chunks, ${QUERIES} queries (PGlite + pgvector, in process)\n`);
for (const dims of (process.env.BENCH_DIMS ?? "100,384").split(",").map(Number)) {
  const f = await annFigures(dims);
  console.log(
    `${dims}-d (${f.source}): loaded in ${(f.loadedMs / 1000).toFixed(1)} s, HNSW index built in ${(f.indexMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `  HNSW (pgvector)   p50 ${ms(f.hnswP50)}  p99 ${ms(f.hnswP99)}  recall@10 ${f.recall.toFixed(3)}   (target p50 ≤ 5 ms at recall ≥ 0.95; load average ${f.load.toFixed(2)})`,
  );
  console.log(
    `  exact scan (SQL)  p50 ${ms(f.exactP50)}  → HNSW is ${(f.exactP50 / f.hnswP50).toFixed(1)}× faster`,
  );
  if (f.lance.error) console.log(`  LanceDB: not measured (${f.lance.error})`);
  else
    console.log(
      `  LanceDB ${f.lance.version} (${f.lance.index})  p50 ${ms(f.lance.p50)}  p99 ${ms(f.lance.p99)}  recall@10 ${f.lance.recall.toFixed(3)}  → pgvector/LanceDB p50 ratio ${(f.hnswP50 / f.lance.p50).toFixed(2)}`,
    );
}
const t = await throughput();
console.log(
  `\nIndexing, end to end (files → chunks → vectors → rows): ${t.endToEnd.toFixed(0)} chunks/s (${t.chunks} chunks); embedding alone ${t.embedOnly.toFixed(0)} chunks/s → ratio ${(t.endToEnd / t.embedOnly).toFixed(3)}`,
);
await qualityFigures(glove);
