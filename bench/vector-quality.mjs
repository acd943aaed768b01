// Retrieval quality on a labelled set built from data on the machine: WordNet's noun synsets
// (Debian's wordnet-base, installed here when missing and run as root). Each document is one
// synset's gloss; each query is a synset's words ('dog domestic dog Canis familiaris'); the
// answer is that synset's gloss. recall@10 and MRR for keyword only, vector only and hybrid
// (the product's VectorService.search in each mode), and how many of the top 10 share the answer's category
// (WordNet's lexicographer file: noun.animal, noun.food, ...).
import { benchIndex, wordnetSynsets } from "./vector-data.mjs";

const DOCUMENTS = Number(process.env.BENCH_WORDNET_DOCS ?? 5000);
const QUERIES = Number(process.env.BENCH_WORDNET_QUERIES ?? 300);

function synsets() {
  const all = wordnetSynsets(["noun"]);
  const step = Math.max(1, Math.floor(all.length / DOCUMENTS));
  return all.filter((_, i) => i % step === 0).slice(0, DOCUMENTS);
}

export async function qualityFigures(glove) {
  let docs;
  try {
    docs = synsets();
  } catch (err) {
    console.log(`\nRetrieval quality: not measured (${err.message})`);
    return;
  }
  const { database, vectors, userId } = await benchIndex(glove);
  for (const d of docs)
    await vectors.embedObject(userId, { objectType: "text", objectId: d.id, content: d.gloss });
  await vectors.analyze();
  const byId = new Map(docs.map((d) => [d.id, d]));
  const step = Math.max(1, Math.floor(docs.length / QUERIES));
  const queries = docs.filter((_, i) => i % step === 0).slice(0, QUERIES);
  const modes = { keyword: [], vector: [], hybrid: [] };
  const sameCategory = { keyword: 0, vector: 0, hybrid: 0 };
  for (const q of queries) {
    const query = q.words.join(" ");
    for (const mode of Object.keys(modes)) {
      const list = await vectors.search(userId, query, { mode, limit: 10, threshold: 0.1 });
      const top = list.slice(0, 10).map((c) => c.objectId);
      const rank = top.indexOf(q.id);
      modes[mode].push(rank < 0 ? 0 : 1 / (rank + 1));
      sameCategory[mode] += top.filter((id) => byId.get(id)?.category === q.category).length / 10;
    }
  }
  await database.close();
  console.log(
    `\nRetrieval quality, WordNet nouns: ${docs.length} glosses, ${queries.length} queries (a synset's words → its gloss)`,
  );
  for (const mode of ["keyword", "vector", "hybrid"]) {
    const scores = modes[mode];
    const recall = scores.filter((s) => s > 0).length / scores.length;
    const mrr = scores.reduce((a, b) => a + b, 0) / scores.length;
    console.log(
      `  ${mode.padEnd(8)} recall@10 ${recall.toFixed(3)}  MRR ${mrr.toFixed(3)}  same category in top 10 ${((100 * sameCategory[mode]) / queries.length).toFixed(1)}%`,
    );
  }
}
