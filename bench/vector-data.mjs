// Shared parts of the semantic search benches: a seeded random source, sentences of real
// words, a person to own the rows, percentiles.
import { sql } from "drizzle-orm";
import { openPglite } from "../apps/server/src/db/client.ts";
import { seededRandom } from "../apps/server/src/test/seeded-random.ts";
import { EmbeddingModels, loadPgvector } from "../apps/server/src/vector/models.ts";
import { VectorService } from "../apps/server/src/vector/service.ts";

export const seeded = seededRandom;

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

/** A fresh in-memory database with the app's tables, pgvector, the local model's index and a person. */
export async function benchIndex(glove) {
  const database = await openPglite();
  await database.migrate();
  const db = database.db;
  const models = new EmbeddingModels(db, glove, await loadPgvector(db));
  await models.ensureIndex(models.local);
  return { database, db, models, vectors: new VectorService(db, models), userId: await benchUser(db) };
}
