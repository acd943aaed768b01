// Shared parts of the semantic search benches: a seeded random source, sentences of real
// words, a person to own the rows, percentiles.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { openPglite } from "../apps/server/src/db/client.ts";
import { JobPool } from "../apps/server/src/jobs/pool.ts";
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

/**
 * A fresh in-memory database with the app's tables, pgvector, the local model's index and a person;
 * large batches are embedded in a job pool's worker, as the app does (closed with the database).
 */
export async function benchIndex(glove) {
  const database = await openPglite();
  await database.migrate();
  const db = database.db;
  const jobs = new JobPool();
  const closeDatabase = database.close.bind(database);
  database.close = async () => {
    await jobs.close();
    await closeDatabase();
  };
  const models = new EmbeddingModels(
    db,
    glove,
    await loadPgvector(db),
    undefined,
    undefined,
    undefined,
    jobs,
  );
  await models.ensureIndex(models.local);
  return { database, db, models, vectors: new VectorService(db, models), userId: await benchUser(db) };
}

const WORDNET = "/usr/share/wordnet";

/**
 * WordNet's synsets (Debian's wordnet-base, installed here when missing and run as root): each
 * with its words, its lexicographer category (noun.animal, ...) and its gloss.
 */
export function wordnetSynsets(parts = ["noun", "verb", "adj", "adv"]) {
  const file = (part) => `${WORDNET}/data.${part}`;
  if (!existsSync(file("noun")) && process.getuid?.() === 0)
    execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "wordnet-base"], {
      stdio: "ignore",
    });
  if (!existsSync(file("noun"))) throw new Error(`${file("noun")} is missing: apt-get install wordnet-base`);
  const all = [];
  for (const part of parts)
    for (const line of readFileSync(file(part), "latin1").split("\n")) {
      if (!/^\d{8} /.test(line)) continue;
      const [head, gloss] = line.split(" | ");
      const fields = head.split(" ");
      const count = Number.parseInt(fields[3], 16);
      const words = Array.from({ length: count }, (_, i) =>
        fields[4 + 2 * i].replace(/_/g, " ").replace(/\(.*\)$/, ""),
      );
      all.push({ id: `${part}-${fields[0]}`, category: fields[1], words, gloss: (gloss ?? "").trim() });
    }
  return all;
}
