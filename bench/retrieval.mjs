// Retrieval quality on a public benchmark (run: npm run bench:retrieval): BEIR's SciFact
// (../shared/datasets/scifact-train/, 5,183 abstracts, 809 claims) loaded as workspace files and
// indexed through the product's own services (WorkspaceService, VectorIndexer, VectorService on
// PGlite, the offline GloVe model), searched through VectorService.search in each mode. Beside it,
// in the same run, a textbook BM25 (k1 0.9, b 0.4, bench/bm25.mjs) on the same text. Prints
// nDCG@10 and recall@100 (the product's modes answer at most 50 results, the API's maximum, so
// theirs is recall at 50), the default search (threshold 0.7, 10 results) and its empty answers,
// the indexing rate (files/s) and search p50, then the WordNet set of bench/vector-quality.mjs.
// BENCH_SCIFACT_DIR (another copy of the data set), BENCH_QUERIES (default all) and BENCH_DOCS (default all; the judged documents always stay) scale it.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { VECTOR_THRESHOLD } from "@neuroos/contracts";
import { localEmbedder } from "../apps/server/src/vector/glove.ts";
import { VectorIndexer } from "../apps/server/src/vector/indexer.ts";
import { WorkspaceService } from "../apps/server/src/workspace/service.ts";
import { bm25Index } from "./bm25.mjs";
import { benchIndex, percentile } from "./vector-data.mjs";
import { qualityFigures } from "./vector-quality.mjs";

const DATA = path.resolve(
  process.env.BENCH_SCIFACT_DIR ?? path.join(import.meta.dirname, "../../shared/datasets/scifact-train"),
);
const QUERIES = Number(process.env.BENCH_QUERIES ?? Number.POSITIVE_INFINITY);
const DOCS = Number(process.env.BENCH_DOCS ?? Number.POSITIVE_INFINITY);
const jsonl = (file) =>
  readFileSync(path.join(DATA, file), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));

/** nDCG@10 as trec_eval computes it (linear gain, log2 discount) and recall@100, for one query. */
function score(ranked, relevant) {
  const dcg = ranked.slice(0, 10).reduce((s, id, i) => s + (relevant.has(id) ? 1 / Math.log2(i + 2) : 0), 0);
  let ideal = 0;
  for (let i = 0; i < Math.min(10, relevant.size); i++) ideal += 1 / Math.log2(i + 2);
  const found = ranked.slice(0, 100).filter((id) => relevant.has(id)).length;
  return { ndcg: dcg / ideal, recall: found / relevant.size };
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const fileOf = (id) => `/home/user/scifact/${id}.txt`;
const idOf = (objectId) => path.basename(objectId, ".txt");
const unique = (ids) => [...new Set(ids)];

async function scifact(glove) {
  if (!existsSync(path.join(DATA, "corpus.jsonl"))) {
    console.log(`SciFact: SKIPPED, ${DATA} is missing (see the issue: the dataset lives in shared/datasets)`);
    return;
  }
  const qrels = new Map();
  for (const line of readFileSync(path.join(DATA, "qrels/train.tsv"), "utf8").split("\n").slice(1)) {
    const [q, doc, grade] = line.split("\t");
    if (!q || Number(grade) <= 0) continue;
    if (!qrels.has(q)) qrels.set(q, new Set());
    qrels.get(q).add(doc);
  }
  const queries = jsonl("queries.jsonl")
    .filter((q) => qrels.has(q._id))
    .slice(0, QUERIES);
  const judged = new Set(queries.flatMap((q) => [...qrels.get(q._id)]));
  let others = 0;
  const docs = jsonl("corpus.jsonl")
    .filter((d) => judged.has(d._id) || others++ < DOCS)
    .map((d) => ({ id: d._id, text: `${d.title}\n${d.text}` }));

  let t = performance.now();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-retrieval-"));
  const big = { maxFileBytes: 2 ** 30, maxWorkspaceBytes: 2 ** 40 };
  const { database, db, vectors, userId } = await benchIndex(glove);
  const workspaces = new WorkspaceService(db, dataDir, { free: big, pro: big }, null);
  const owner = { id: userId, plan: "free" };
  const indexer = new VectorIndexer(db, vectors, workspaces);
  t = performance.now();
  for (const d of docs)
    await workspaces.write(owner, { path: fileOf(d.id), content: d.text, encoding: "utf8", overwrite: true });
  console.log(`  (wrote ${docs.length} files in ${((performance.now() - t) / 1000).toFixed(1)} s)`);
  // Indexed as a person's Initialize does (the indexer's bulk path, its progress), then a sample
  // of files again one at a time, as each save is.
  t = performance.now();
  const progress = indexer.start(userId);
  await indexer.ready(userId);
  const rate = progress.done / ((performance.now() - t) / 1000);
  const sample = docs.slice(0, 300);
  t = performance.now();
  for (const d of sample) await indexer.indexFile(userId, fileOf(d.id), undefined, owner);
  const savedRate = sample.length / ((performance.now() - t) / 1000);

  t = performance.now();
  const bm25 = bm25Index(docs);
  const bm25Seconds = (performance.now() - t) / 1000;
  const modes = ["keyword", "vector", "hybrid"];
  const figures = Object.fromEntries([...modes, "bm25", "default"].map((m) => [m, { ndcg: [], recall: [] }]));
  const times = [];
  const defaultTimes = [];
  let empty = 0;
  // What the default threshold does to the hybrid's first 10: how many it drops and keeps, and
  // how many of each were relevant.
  const cut = { kept: 0, keptRelevant: 0, dropped: 0, droppedRelevant: 0 };
  for (const q of queries) {
    const relevant = qrels.get(q._id);
    const add = (name, ids) => {
      const s = score(ids, relevant);
      figures[name].ndcg.push(s.ndcg);
      figures[name].recall.push(s.recall);
    };
    add("bm25", bm25.search(q.text));
    let firstTen = [];
    for (const mode of modes) {
      const started = performance.now();
      const found = await vectors.search(userId, q.text, {
        mode,
        limit: 50,
        threshold: VECTOR_THRESHOLD.min,
      });
      if (mode === "hybrid") times.push(performance.now() - started);
      add(mode, unique(found.map((r) => idOf(r.objectId))));
      if (mode === "hybrid") firstTen = found.slice(0, 10);
    }
    const started = performance.now();
    const shown = await vectors.search(userId, q.text, { limit: 10, threshold: VECTOR_THRESHOLD.initial });
    defaultTimes.push(performance.now() - started);
    if (shown.length === 0) empty += 1;
    add("default", unique(shown.map((r) => idOf(r.objectId))));
    const kept = new Set(shown.map((r) => r.id));
    for (const r of firstTen) {
      const isRelevant = relevant.has(idOf(r.objectId)) ? 1 : 0;
      if (kept.has(r.id)) {
        cut.kept += 1;
        cut.keptRelevant += isRelevant;
      } else {
        cut.dropped += 1;
        cut.droppedRelevant += isRelevant;
      }
    }
  }
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });

  console.log(
    `SciFact (BEIR, train): ${docs.length} abstracts as workspace files, ${queries.length} queries, GloVe-100d offline`,
  );
  const line = (label, f, note = "") =>
    console.log(
      `  ${label.padEnd(34)} nDCG@10 ${mean(f.ndcg).toFixed(3)}  recall@100 ${mean(f.recall).toFixed(3)}${note}`,
    );
  const ref = mean(figures.bm25.ndcg);
  line("BM25 reference (k1 0.9, b 0.4)", figures.bm25, `  (built in ${bm25Seconds.toFixed(1)} s)`);
  for (const mode of modes)
    line(
      `${mode} (the product)`,
      figures[mode],
      `  ${mean(figures[mode].ndcg) - ref >= 0 ? "+" : ""}${(mean(figures[mode].ndcg) - ref).toFixed(3)} vs BM25`,
    );
  line("default search (hybrid, 0.7, 10)", figures.default, `  empty answers ${empty}/${queries.length}`);
  const share = (part, whole) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
  console.log(
    `  the threshold 0.7 on the hybrid's first 10: drops ${share(cut.dropped, cut.dropped + cut.kept)} of them (${share(cut.droppedRelevant, cut.dropped)} of those relevant), keeps ${cut.kept} (${share(cut.keptRelevant, cut.kept)} relevant)`,
  );
  console.log(
    `  indexing ${rate.toFixed(0)} files/s in bulk (target >= 150), ${savedRate.toFixed(0)} files/s one save at a time; default search p50 ${percentile(defaultTimes, 50).toFixed(1)} ms, p99 ${percentile(defaultTimes, 99).toFixed(1)} ms (target p50 <= 15 ms at 5,000 files); 50 results p50 ${percentile(times, 50).toFixed(1)} ms`,
  );
}

const glove = localEmbedder();
await scifact(glove);
if (process.env.BENCH_WORDNET !== "0") await qualityFigures(glove);
