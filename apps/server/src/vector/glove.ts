import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const MAGIC = "NGLV1\n";

/**
 * The local embedder: GloVe word vectors (100-d, the 100,000 most frequent English words, int8),
 * a text's vector the weighted mean of its words' (rarer words weigh more), unit length. Works
 * offline with nothing downloaded at run time: the table is built from an npm package
 * (scripts/build-embeddings.mjs).
 */
export class GloveEmbedder {
  readonly id = "glove-100d";
  readonly dimensions: number;
  private readonly index = new Map<string, number>();
  private readonly scales: Float32Array;
  private readonly table: Int8Array;

  private constructor(buffer: Buffer) {
    if (buffer.toString("latin1", 0, 6) !== MAGIC) throw new Error("Not an embeddings table (NGLV1)");
    const count = buffer.readUInt32LE(6);
    this.dimensions = buffer.readUInt32LE(10);
    const scalesAt = 14;
    const tableAt = scalesAt + count * 4;
    const wordsAt = tableAt + count * this.dimensions;
    // Copies: the buffer's offsets need not be aligned for typed arrays.
    this.scales = new Float32Array(
      buffer.buffer.slice(buffer.byteOffset + scalesAt, buffer.byteOffset + tableAt),
    );
    this.table = new Int8Array(buffer.buffer.slice(buffer.byteOffset + tableAt, buffer.byteOffset + wordsAt));
    buffer
      .toString("utf8", wordsAt)
      .split("\n")
      .forEach((word, i) => {
        if (!this.index.has(word)) this.index.set(word, i);
      });
  }

  static load(file: string): GloveEmbedder {
    return new GloveEmbedder(readFileSync(file));
  }

  get vocabulary(): number {
    return this.index.size;
  }

  /** The table's `count` most frequent words. */
  mostFrequent(count: number): string[] {
    return [...this.index.keys()].slice(0, count);
  }

  /** The words of a text as the table spells them (lower case; punctuation apart). */
  static words(text: string): string[] {
    return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu) ?? [];
  }

  /** A text's vector (unit length; all zeros when no word is known). */
  embed(text: string): Float32Array {
    const out = new Float32Array(this.dimensions);
    const dims = this.dimensions;
    for (const word of GloveEmbedder.words(text)) {
      const i = this.index.get(word) ?? this.index.get(word.replace(/['’].*$/, ""));
      if (i === undefined) continue;
      // Frequent words ('the', 'of') say little: weight by log rank.
      const weight = Math.log(2 + i) * (this.scales[i] ?? 0);
      for (let d = 0; d < dims; d++) out[d] = (out[d] ?? 0) + weight * (this.table[i * dims + d] ?? 0);
    }
    let norm = 0;
    for (let d = 0; d < dims; d++) norm += (out[d] ?? 0) ** 2;
    norm = Math.sqrt(norm);
    if (norm > 0) for (let d = 0; d < dims; d++) out[d] = (out[d] ?? 0) / norm;
    return out;
  }
}

/** Cosine similarity of two unit vectors. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += (a[i] ?? 0) * (b[i] ?? 0);
  return dot;
}

export const EMBEDDINGS_TABLE = "glove-100k.i8";

/** The built table (apps/server/vendor/), found whether the server runs from src or dist. */
export function defaultEmbeddingsFile(): string | undefined {
  let dir = path.dirname(new URL(import.meta.url).pathname);
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, "vendor", EMBEDDINGS_TABLE);
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

let loaded: GloveEmbedder | null = null;
/** The local embedder, loaded once per process. */
export function localEmbedder(file = defaultEmbeddingsFile()): GloveEmbedder {
  if (loaded) return loaded;
  if (!file)
    throw new Error(
      `The local embeddings table (${EMBEDDINGS_TABLE}) is missing: run \`node scripts/build-embeddings.mjs\` (npm start and npm test do it).`,
    );
  loaded = GloveEmbedder.load(file);
  return loaded;
}
