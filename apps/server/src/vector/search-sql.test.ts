import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { users, vectorChunks } from "../db/schema";
import { describeEachDatabase } from "../test/databases";
import { seededRandom } from "../test/seeded-random";
import { localEmbedder } from "./glove";
import { EmbeddingModels, loadPgvector } from "./models";
import { vectorCandidates } from "./search-sql";

const DIMS = 8;
const MODEL = "search-sql-test-8d";

/** Unit length. */
const unit = (v: number[]) => {
  const norm = Math.hypot(...v);
  return Float32Array.from(v, (x) => x / norm);
};

describeEachDatabase("semantic search: vector candidates", (db) => {
  let hnsw: boolean;
  let me: string;
  const query = unit([1, 0, 0, 0, 0, 0, 0, 0]);
  beforeAll(async () => {
    const d = db().db;
    hnsw = await loadPgvector(d);
    await new EmbeddingModels(d, localEmbedder(), hnsw).ensureIndex({ id: MODEL, dimensions: DIMS });
    const [myself, theirs] = await d
      .insert(users)
      .values(
        ["me", "them"].map((name) => ({ email: `${name}@example.com`, username: name, passwordHash: "x" })),
      )
      .returning({ id: users.id });
    me = myself?.id ?? "";
    const random = seededRandom(3);
    const row = (userId: string, objectId: string, v: Float32Array) => ({
      userId,
      objectType: "text" as const,
      objectId,
      content: objectId,
      model: MODEL,
      embedding: Array.from(v),
    });
    // Another person's 2,000 chunks, all nearer the query than any of mine.
    const near = Array.from({ length: 2000 }, (_, i) =>
      row(
        theirs?.id ?? "",
        `theirs-${i}`,
        unit([1, ...Array.from({ length: DIMS - 1 }, () => 0.2 * random())]),
      ),
    );
    for (let i = 0; i < near.length; i += 500) await d.insert(vectorChunks).values(near.slice(i, i + 500));
    // Mine: five a little further, and a thousand far away.
    const far = Array.from({ length: 1000 }, (_, i) =>
      row(me, `far-${i}`, unit([0, 0, 0, 1, ...Array.from({ length: DIMS - 4 }, () => random())])),
    );
    const mine = Array.from({ length: 5 }, (_, i) =>
      row(me, `mine-${i}`, unit([1, 1 + i, 1, 0, 0, 0, 0, 0])),
    );
    for (const rows of [far, mine]) await d.insert(vectorChunks).values(rows);
    await d.execute(sql`analyze vector_chunks`);
  });

  it("pgvector's HNSW finds a person's nearest chunks past other people's nearer ones, as the exact scan does", async () => {
    expect(hnsw).toBe(db().kind === "pglite");
    const input = { userId: me, model: MODEL, dims: DIMS, vector: query };
    const exact = await vectorCandidates(db().db, { ...input, hnsw: false });
    expect(exact.slice(0, 6).map((c) => c.objectId)).toEqual([
      "mine-0",
      "mine-1",
      "mine-2",
      "mine-3",
      "mine-4",
      expect.stringMatching(/^far-/),
    ]);
    expect(exact[0]?.similarity).toBeCloseTo(1 / Math.sqrt(3), 5);
    if (!hnsw) return;
    const indexed = await vectorCandidates(db().db, { ...input, hnsw: true });
    expect(indexed).toHaveLength(50);
    // The far ones tie (at similarity 0): compared by similarity only.
    expect(indexed.slice(0, 5).map((c) => c.objectId)).toEqual(exact.slice(0, 5).map((c) => c.objectId));
    for (const [i, c] of indexed.entries()) expect(c.similarity).toBeCloseTo(exact[i]?.similarity ?? 0, 5);
    // The settings are the session's (db/client.ts SESSION_SETTINGS), so any query on the
    // connection has them; with pgvector's defaults the index scan stops at 40 candidates, all
    // another person's.
    const nearest = sql`select object_id from vector_chunks where user_id = ${me} and model = ${MODEL}
      order by embedding::vector(8) <=> ${`[${query.join(",")}]`}::vector(8) limit 50`;
    const plain = (await db().db.execute(nearest)) as unknown as { rows: unknown[] };
    expect(plain.rows).toHaveLength(50);
    const withDefaults = await db().db.transaction(async (tx) => {
      await tx.execute(sql`set local hnsw.ef_search = 40`);
      await tx.execute(sql`set local hnsw.iterative_scan = off`);
      return (await tx.execute(nearest)) as unknown as { rows: unknown[] };
    });
    expect(withDefaults.rows).toEqual([]);
  });

  it("a query of words the model does not know (no direction) finds chunks at similarity 0, never NaN", async () => {
    const none = new Float32Array(DIMS);
    for (const useIndex of hnsw ? [true, false] : [false]) {
      const found = await vectorCandidates(db().db, {
        userId: me,
        model: MODEL,
        dims: DIMS,
        vector: none,
        hnsw: useIndex,
      });
      expect(found.length).toBeGreaterThan(0);
      for (const c of found) expect(c.similarity).toBe(0);
    }
  });
});
