import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { describeEachDatabase } from "../test/databases";
import { localEmbedder } from "./glove";
import { keywordCandidates } from "./keyword-sql";
import { EmbeddingModels, loadPgvector } from "./models";
import { VectorService } from "./service";

const glove = localEmbedder();

/** A person with their own index (the local model) on the suite's database. */
async function person(db: Db, hnsw: boolean) {
  const name = `k${crypto.randomUUID().slice(0, 8)}`;
  const [user] = await db
    .insert(users)
    .values({ email: `${name}@example.com`, username: name, passwordHash: "x" })
    .returning({ id: users.id });
  const vectors = new VectorService(db, new EmbeddingModels(db, glove, hnsw));
  const userId = user?.id ?? "";
  const add = (objectId: string, content: string, objectType: "text" | "file" = "text") =>
    vectors.embedObject(userId, { objectType, objectId, content });
  const keyword = (query: string) =>
    keywordCandidates(db, {
      userId,
      model: glove.id,
      query,
      vector: glove.embed(query),
      dims: glove.dimensions,
      hnsw,
    });
  return { userId, vectors, add, keyword };
}

describeEachDatabase("semantic search: keyword retrieval (BM25) and fusion", (database) => {
  let hnsw: boolean;
  beforeAll(async () => {
    hnsw = await loadPgvector(database().db);
    await new EmbeddingModels(database().db, glove, hnsw).ensureIndex({ id: glove.id, dimensions: 100 });
  });

  it("scores BM25 (k1 0.9, b 0.4) as computed by hand, with statistics kept current on insert, update and delete", async () => {
    const db = database().db;
    const me = await person(db, hnsw);
    await me.add("d1", "apple banana");
    await me.add("d2", "apple apple cherry");
    const d3 = await me.add("d3", "durian");
    // N 3, mean length 2; apple in 2 chunks: idf ln(1 + 1.5 / 2.5).
    const idf = Math.log(1.6);
    const bm25 = (tf: number, length: number, avgdl: number, w: number) =>
      (w * tf * 1.9) / (tf + 0.9 * (1 - 0.4 + (0.4 * length) / avgdl));
    let found = await me.keyword("apples");
    expect(found.map((c) => c.objectId)).toEqual(["d2", "d1"]);
    expect(found[0]?.bm25).toBeCloseTo(bm25(2, 3, 2, idf), 6);
    expect(found[1]?.bm25).toBeCloseTo(idf, 6);
    expect(found[0]?.ideal).toBeCloseTo(idf, 6);

    await me.vectors.remove(me.userId, d3.id ?? "");
    // N 2, mean length 2.5: idf ln(1 + 0.5 / 2.5).
    found = await me.keyword("apple");
    expect(found[1]?.bm25).toBeCloseTo(bm25(1, 2, 2.5, Math.log(1.2)), 6);

    await db.execute(sql`update vector_chunks set content = 'cherry cherry cherry' where object_id = 'd1'
      and user_id = ${me.userId}`);
    // d1 no longer holds apple: N 2, df 1, mean length 3.
    found = await me.keyword("apple");
    expect(found.map((c) => c.objectId)).toEqual(["d2"]);
    expect(found[0]?.bm25).toBeCloseTo(bm25(2, 3, 3, Math.log(1 + 1.5 / 1.5)), 6);
    const [stats] = (
      (await db.execute(
        sql`select docs, total_length from vector_corpus where user_id = ${me.userId}`,
      )) as unknown as { rows: { docs: number; total_length: string }[] }
    ).rows;
    expect({ docs: Number(stats?.docs), length: Number(stats?.total_length) }).toEqual({
      docs: 2,
      length: 6,
    });
    // Terms no chunk holds any more (banana with d1's old text, durian with d3) leave the counts.
    const terms = (await db.execute(
      sql`select term, chunks from vector_term_counts where user_id = ${me.userId} order by term`,
    )) as unknown as { rows: { term: string; chunks: number }[] };
    expect(terms.rows.map((r) => [r.term, Number(r.chunks)])).toEqual([
      ["appl", 1],
      ["cherri", 2],
    ]);
  });

  it("keeps each term's chunk count exact under concurrent writers of one index (no deadlock)", async () => {
    const db = database().db;
    const me = await person(db, hnsw);
    const words = ["apple", "banana", "cherry", "durian", "elder", "fig", "grape", "hazel"];
    // Each text holds the words in another order, so concurrent writers update shared terms' counts.
    const text = (i: number) => words.map((_, j) => words[(i * 3 + j) % words.length]).join(" ");
    await Promise.all(
      Array.from({ length: 16 }, async (_, i) => {
        await me.add(`t${i % 6}`, text(i));
        if (i % 4 === 0) await me.vectors.removeObject(me.userId, "text", `t${(i + 1) % 6}`);
      }),
    );
    const counts = (await db.execute(sql`
      select t.term, t.chunks, (select count(distinct chunk_id) from vector_postings p
        where p.user_id = t.user_id and p.model = t.model and p.term = t.term)::int as actual
      from vector_term_counts t where t.user_id = ${me.userId}`)) as unknown as {
      rows: { term: string; chunks: number; actual: number }[];
    };
    expect(counts.rows.length).toBe(words.length);
    for (const row of counts.rows) expect(Number(row.chunks)).toBe(Number(row.actual));
  });

  it("finds a chunk holding any word of the query, not only one holding all of them", async () => {
    const me = await person(database().db, hnsw);
    await me.add("pipe", "The plumber fixed the leaking pipe in the kitchen.");
    await me.add("other", "Quarterly tax filing deadline for the company.");
    const found = await me.keyword("plumber invoice tuesday");
    expect(found.map((c) => c.objectId)).toEqual(["pipe"]);
  });

  it("a person's keyword index goes with them: postings, term counts and statistics", async () => {
    const db = database().db;
    const me = await person(db, hnsw);
    await me.add("d1", "apple banana cherry");
    await db.delete(users).where(sql`id = ${me.userId}`);
    for (const table of ["vector_postings", "vector_term_counts", "vector_corpus"]) {
      const left = (await db.execute(
        sql`select count(*)::int as n from ${sql.raw(table)} where user_id = ${me.userId}`,
      )) as unknown as { rows: { n: number }[] };
      expect({ table, rows: Number(left.rows[0]?.n) }).toEqual({ table, rows: 0 });
    }
  });

  it("indexes a batch in one go: none changes nothing (anyone's), a repeated object once, past 1,000 rows in slices", async () => {
    const db = database().db;
    const me = await person(db, hnsw);
    const other = await person(db, hnsw);
    await other.add("theirs", "apple orchard");
    expect(await me.vectors.embedObjects(me.userId, [])).toEqual([]);
    expect((await other.keyword("apple")).map((c) => c.objectId)).toEqual(["theirs"]);

    const twice = await me.vectors.embedObjects(me.userId, [
      { objectType: "text", objectId: "same", content: "banana bread" },
      { objectType: "text", objectId: "same", content: "cherry pie" },
    ]);
    expect(twice[0]).toEqual(twice[1]);
    expect((await me.keyword("cherry")).map((c) => c.objectId)).toEqual(["same"]);
    expect(await me.keyword("banana")).toEqual([]);

    const many = Array.from({ length: 1200 }, (_, i) => ({
      objectType: "text" as const,
      objectId: `n${i}`,
      content: `note number ${i} about durian`,
    }));
    const indexed = await me.vectors.embedObjects(me.userId, many);
    expect(indexed.filter((r) => r.id !== null)).toHaveLength(1200);
    const count = (await db.execute(
      sql`select count(*)::int as n from vector_chunks where user_id = ${me.userId} and object_id like 'n%'`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(count.rows[0]?.n)).toBe(1200);
  });

  it("counts a hyphenated word as its parts, as Lucene does (not also as a whole, which weighed it thrice)", async () => {
    const terms = (await database().db.execute(
      sql`select term, tf from vector_terms('long-term care, state-of-the-art') order by term`,
    )) as unknown as { rows: { term: string; tf: number }[] };
    expect(terms.rows).toEqual([
      { term: "art", tf: 1 },
      { term: "care", tf: 1 },
      { term: "long", tf: 1 },
      { term: "state", tf: 1 },
      { term: "term", tf: 1 },
    ]);
  });

  it("finds code identifiers and file names as written", async () => {
    const me = await person(database().db, hnsw);
    await me.add(
      "/home/user/a.ts",
      "export function parseConfig(raw) {\n  return load_user_settings(raw);\n}",
      "file",
    );
    await me.add("/home/user/b.md", "See foo.ts for the settings and the user guide.", "file");
    await me.add("/home/user/c.md", "The user settings are loaded from disk.", "file");
    expect((await me.keyword("parseConfig")).map((c) => c.objectId)).toEqual(["/home/user/a.ts"]);
    expect((await me.keyword("load_user_settings"))[0]?.objectId).toBe("/home/user/a.ts");
    expect((await me.keyword("foo.ts")).map((c) => c.objectId)).toEqual(["/home/user/b.md"]);
  });

  it("a lone strong keyword match ranks above the vector list's first", async () => {
    const me = await person(database().db, hnsw);
    // Sixty chunks nearer the query's meaning than the one that holds its word, so that one is
    // in the keyword list only (first there), as the vector list's first is in that list only.
    const sights = "spices beaches palms sand reefs boats markets forts ferries villages".split(" ");
    for (let i = 0; i < 60; i++)
      await me.add(
        `island-${i}`,
        `An island off Tanzania famous for ${sights[i % 10]} and ${sights[i % 6]}.`,
      );
    await me.add("invoice", "Invoice number zanzibar for the quarterly server rental.");
    const options = { limit: 50, threshold: 0.1 };
    const byMeaning = await me.vectors.search(me.userId, "zanzibar", { ...options, mode: "vector" });
    expect(byMeaning.map((r) => r.objectId)).not.toContain("invoice");
    const hybrid = await me.vectors.search(me.userId, "zanzibar", options);
    expect(hybrid[0]?.objectId).toBe("invoice");
    expect(hybrid[1]?.objectId).toBe(byMeaning[0]?.objectId);
  });

  it("indexes a file's text past 4,000 characters of one long line", async () => {
    const me = await person(database().db, hnsw);
    const line = `${"lorem ipsum dolor ".repeat(400)} quasarwidget ${"sit amet ".repeat(100)}`;
    await me.add("/home/user/long.txt", `first line\n${line}\nlast line`, "file");
    const found = await me.vectors.search(me.userId, "quasarwidget", { limit: 5, threshold: 0.7 });
    expect(found[0]).toMatchObject({ objectId: "/home/user/long.txt", location: "/home/user/long.txt:2-2" });
    const [start, end] = found[0]?.snippet.marks[0] ?? [0, 0];
    expect(found[0]?.snippet.text.slice(start, end)).toBe("quasarwidget");
  });

  it("the default threshold keeps a query's good matches (by words or by meaning) and drops the unrelated", async () => {
    const me = await person(database().db, hnsw);
    await me.add("cat", "My cat sleeps on the sofa all day and purrs.");
    await me.add("dentist", "I need to see a dentist about my sore tooth.");
    await me.add("tax", "Quarterly tax filing deadline for the company.");
    const defaults = { limit: 10, threshold: 0.7 };
    const top = async (query: string) =>
      (await me.vectors.search(me.userId, query, defaults)).map((r) => r.objectId);
    // By meaning only (no word in common); the unrelated one dropped.
    for (const [query, answer] of [
      ["feline companion", "cat"],
      ["toothache", "dentist"],
    ] as const) {
      const found = await top(query);
      expect(found[0]).toBe(answer);
      expect(found).not.toContain("tax");
    }
    // A long query of which one word is found: the match stays.
    expect((await top("when is my tooth appointment with the orthodontist next week"))[0]).toBe("dentist");
    expect(await top("zzqx qqwv")).toEqual([]);
  });
});
