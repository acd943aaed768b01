// Shared parts of the semantic search benches: a seeded random source, sentences of real
// words, a person to own the rows, percentiles.
import { sql } from "drizzle-orm";

/** A small seeded generator (mulberry32): the same data every run. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let vocabulary;
/** Twelve words drawn from the table's 20,000 most frequent (rank-weighted, like real text). */
export function randomSentence(glove, random) {
  vocabulary ??= glove.mostFrequent(20_000);
  return Array.from({ length: 12 }, () => vocabulary[Math.floor(vocabulary.length * random() ** 2)]).join(
    " ",
  );
}

export async function benchUser(db) {
  const result = await db.execute(sql`insert into users (email, username, password_hash)
    values (${`bench${Date.now()}@example.com`}, ${`bench${Date.now()}`}, 'x') returning id`);
  return result.rows[0].id;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
