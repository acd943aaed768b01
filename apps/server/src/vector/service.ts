import type { VectorSearchResult } from "@neuroos/contracts";
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { lockUntilCommit } from "../db/locks";
import { users, vectorChunks, vectorQueries } from "../db/schema";
import { AppError } from "../http/errors";
import { fileChunks, textChunks } from "./chunks";
import { aboveThreshold, fuse, meaningScale, type Ranked, type SearchMode, shownSimilarity } from "./fusion";
import { keywordCandidateCount, keywordCandidates } from "./keyword-sql";
import type { EmbeddingModels } from "./models";
import { snippetOf } from "./passage";
import { type Candidate, vectorCandidates } from "./search-sql";

export type ObjectType = "file" | "message" | "document" | "text";

/** What is indexed as one object: its chunks replace whatever was indexed for it before. */
export interface IndexedObject {
  objectType: ObjectType;
  objectId: string;
  content: string;
  metadata?: Record<string, unknown>;
}
type Plan = (typeof users.$inferSelect)["plan"];
const _size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** Chunk rows inserted per statement. */
const INSERT_ROWS = 1000;

/** Rows written between two refreshes of the planner's statistics. */
const ANALYZE_EVERY = 2000;

export interface SearchOptions {
  objectType?: ObjectType;
  /** Spec: 1-50, default 10. */
  limit: number;
  /**
   * Spec: 0.1-1, default 0.7: a result whose shown similarity is below it is dropped (the best
   * keyword match stays, so a query whose words are found never answers nothing).
   */
  threshold: number;
  /** hybrid (default): words and meaning; keyword: BM25 only; vector: meaning only. */
  mode?: SearchMode;
}

export type SearchResult = VectorSearchResult;

const toResult = (query: string, c: Candidate, similarity: number): SearchResult => ({
  id: c.id,
  objectType: c.objectType,
  objectId: c.objectId,
  content: c.content,
  similarity: Math.round(Math.max(0, Math.min(1, similarity)) * 1000) / 1000,
  metadata: { ...c.metadata, ...(c.lineFrom !== null ? { lines: `${c.lineFrom}-${c.lineTo}` } : {}) },
  ...snippetOf(query, c),
});

/** The object's vector: its chunks' mean direction (unit length; zeros when it has none). */
function meanDirection(vectors: Float32Array[], dimensions: number): Float32Array {
  const out = new Float32Array(dimensions);
  for (const v of vectors) for (let d = 0; d < dimensions; d++) out[d] = (out[d] ?? 0) + (v[d] ?? 0);
  const norm = Math.hypot(...out);
  return norm > 0 ? out.map((x) => x / norm) : out;
}

/**
 * The person's semantic index: objects cut into chunks and embedded, searched by hybrid ranking
 * (full-text and vector similarity fused); every query scoped to the person.
 */
export class VectorService {
  constructor(
    private readonly db: Db,
    readonly models: EmbeddingModels,
    /**
     * Refuses (413) text a person sends (`adding` bytes) that would take them past their quota, in
     * the index writer's transaction: the workspace's `holdIndexRoom`. None: no limit.
     */
    private readonly holdRoom?: (tx: Tx, owner: { id: string; plan: Plan }, adding: number) => Promise<void>,
  ) {}

  private writtenSinceAnalyze = 0;

  /**
   * Refreshes the planner's statistics (PGlite runs no autovacuum) and vacuums the keyword
   * index's tables: without the statistics it scans every row instead of using the HNSW index,
   * and without the postings' visibility map a keyword search reads each posting from the table
   * instead of from its covering index (twice the time). Run after bulk indexing and every
   * ANALYZE_EVERY rows written.
   */
  async analyze(): Promise<void> {
    this.writtenSinceAnalyze = 0;
    await this.db.execute(sql`analyze vector_chunks`);
    await this.db.execute(sql`vacuum (analyze) vector_postings, vector_term_counts`);
  }

  /** Counts rows written; past ANALYZE_EVERY, runs analyze() in the background. */
  wrote(rows: number): void {
    this.writtenSinceAnalyze += rows;
    if (this.writtenSinceAnalyze >= ANALYZE_EVERY) void this.analyze().catch(() => {});
  }

  /** pgvector is loaded: HNSW indexes serve vector candidates (else an exact scan). */
  get hnsw(): boolean {
    return this.models.hnsw;
  }

  /**
   * Indexes one object (replacing what was indexed for it) with the person's model, and with a
   * switch's target model while one runs; answers its first chunk and the object's vector (its chunks' mean direction).
   */
  async embedObject(
    userId: string,
    input: IndexedObject,
    /** Refused (413) when the index would outgrow the person's quota: what they send themselves. */
    capped = false,
  ): Promise<{ id: string | null; chunks: number; embedding: number[] }> {
    const [indexed] = await this.embedObjects(userId, [input], capped);
    return indexed ?? { id: null, chunks: 0, embedding: [] };
  }

  /**
   * Indexes several objects in one transaction (bulk indexing): one delete and one insert, so
   * the database's work per statement (triggers, locks, the commit) is shared by the batch.
   */
  async embedObjects(
    userId: string,
    objects: IndexedObject[],
    capped = false,
  ): Promise<{ id: string | null; chunks: number; embedding: number[] }[]> {
    // None: nothing to do (and a delete without a condition would empty every index). An object
    // given twice is indexed as its last copy.
    if (objects.length === 0) return [];
    const key = (o: { objectType: string; objectId: string }) => `${o.objectType}\0${o.objectId}`;
    const inputs = [...new Map(objects.map((o) => [key(o), o])).values()];
    const chunked = inputs.map((input) =>
      input.objectType === "file" ? fileChunks(input.content) : textChunks(input.content),
    );
    const all = chunked.flat();
    const rows: (typeof vectorChunks.$inferInsert)[] = [];
    const embeddings: (Float32Array | undefined)[] = inputs.map(() => undefined);
    for (const embedder of await this.models.writers(userId)) {
      const vectors = all.length > 0 ? await embedder.embedMany(all.map((c) => c.content)) : [];
      let at = 0;
      for (const [i, input] of inputs.entries()) {
        const chunks = chunked[i] ?? [];
        const mine = vectors.slice(at, at + chunks.length);
        at += chunks.length;
        embeddings[i] ??= meanDirection(mine, embedder.dimensions);
        rows.push(
          ...chunks.map((chunk, j) => ({
            userId,
            objectType: input.objectType,
            objectId: input.objectId,
            lineFrom: chunk.lineFrom,
            lineTo: chunk.lineTo,
            content: chunk.content,
            metadata: input.metadata ?? {},
            model: embedder.id,
            embedding: Array.from(mine[j] ?? []),
            sent: capped,
          })),
        );
      }
    }
    const inserted = await this.db.transaction(async (tx) => {
      // One writer of the person's index at a time (two nodes, or a file change during indexing):
      // otherwise both delete nothing, then both insert, and the object is indexed twice; and
      // writers racing each other would each find room for theirs.
      await lockUntilCommit(tx, `vector:${userId}`);
      await tx
        .delete(vectorChunks)
        .where(or(...inputs.map((input) => this.objectWhere(userId, input.objectType, input.objectId))));
      if (capped && this.holdRoom) {
        const [owner] = await tx.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
        const adding = all.reduce((total, c) => total + Buffer.byteLength(c.content), 0);
        await this.holdRoom(tx, { id: userId, plan: owner?.plan ?? "free" }, adding);
      }
      // In slices: a statement takes at most 65,535 parameters (9 a row).
      const ids: { id: string; objectType: string; objectId: string }[] = [];
      for (let at = 0; at < rows.length; at += INSERT_ROWS)
        ids.push(
          ...(await tx
            .insert(vectorChunks)
            .values(rows.slice(at, at + INSERT_ROWS))
            .returning({
              id: vectorChunks.id,
              objectType: vectorChunks.objectType,
              objectId: vectorChunks.objectId,
            })),
        );
      return ids;
    });
    this.wrote(inserted.length);
    const firstChunk = new Map<string, string>();
    for (const row of inserted) if (!firstChunk.has(key(row))) firstChunk.set(key(row), row.id);
    const results = new Map(
      inputs.map((input, i) => [
        key(input),
        {
          id: firstChunk.get(key(input)) ?? null,
          chunks: chunked[i]?.length ?? 0,
          embedding: Array.from(embeddings[i] ?? []),
        },
      ]),
    );
    return objects.map((o) => results.get(key(o)) ?? { id: null, chunks: 0, embedding: [] });
  }

  private objectWhere(userId: string, objectType: string, objectId: string) {
    return and(
      eq(vectorChunks.userId, userId),
      eq(vectorChunks.objectType, objectType as ObjectType),
      eq(vectorChunks.objectId, objectId),
    );
  }

  /** Removes an object from the index, by one of its chunks' id; false when the person has no such chunk. */
  async remove(userId: string, chunkId: string): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/i.test(chunkId)) return false;
    const [chunk] = await this.db
      .select({ objectType: vectorChunks.objectType, objectId: vectorChunks.objectId })
      .from(vectorChunks)
      .where(and(eq(vectorChunks.id, chunkId), eq(vectorChunks.userId, userId)));
    if (!chunk) return false;
    await this.removeObject(userId, chunk.objectType, chunk.objectId);
    return true;
  }

  async removeObject(userId: string, objectType: ObjectType, objectId: string): Promise<void> {
    await this.db.delete(vectorChunks).where(this.objectWhere(userId, objectType, objectId));
  }

  /**
   * Search by words (BM25 over the person's chunks), by meaning (nearest vectors), or both fused
   * (the default): see fusion.ts for the ranking and the similarity shown.
   */
  async search(userId: string, query: string, options: SearchOptions): Promise<SearchResult[]> {
    const mode = options.mode ?? "hybrid";
    const embedder = await this.models.current(userId);
    const [vector] = await embedder.embedMany([query]);
    const base = {
      userId,
      model: embedder.id,
      objectType: options.objectType,
      vector: vector as Float32Array,
      dims: embedder.dimensions,
      hnsw: this.hnsw,
    };
    const [byVector, byKeyword] = await Promise.all([
      mode === "keyword" ? [] : vectorCandidates(this.db, base),
      mode === "vector"
        ? []
        : keywordCandidates(this.db, { ...base, query, candidates: keywordCandidateCount(options.limit) }),
    ]);
    const ranked: Ranked[] = fuse(mode, byVector, byKeyword);
    const results = aboveThreshold(mode, ranked, options.threshold)
      .slice(0, options.limit)
      .map((r) => toResult(query, r, shownSimilarity(mode, r)));
    await this.db.insert(vectorQueries).values({
      userId,
      query: query.slice(0, 1000),
      resultCount: results.length,
      searchType: options.objectType ?? "all",
    });
    return results;
  }

  /** Chunks like the given object's (by its first chunk id or its object id), itself left out. */
  async similar(userId: string, id: string, options: SearchOptions): Promise<SearchResult[]> {
    const [source] = await this.db
      .select({ objectId: vectorChunks.objectId, content: vectorChunks.content })
      .from(vectorChunks)
      .where(
        and(
          eq(vectorChunks.userId, userId),
          /^[0-9a-f-]{36}$/i.test(id)
            ? sql`(${vectorChunks.id} = ${id} or ${vectorChunks.objectId} = ${id})`
            : eq(vectorChunks.objectId, id),
        ),
      )
      .limit(1);
    if (!source) throw new AppError(404, "not_found", "Nothing indexed with that id");
    const embedder = await this.models.current(userId);
    const [vector] = await embedder.embedMany([source.content]);
    const candidates = await vectorCandidates(this.db, {
      userId,
      model: embedder.id,
      dims: embedder.dimensions,
      vector: vector as Float32Array,
      objectType: options.objectType,
      hnsw: this.hnsw,
    });
    const meaningOf = meaningScale(candidates.map((c) => c.similarity));
    return candidates
      .map((c) => ({ c, meaning: meaningOf(c.similarity) }))
      .filter(({ c, meaning }) => c.objectId !== source.objectId && meaning >= options.threshold)
      .slice(0, options.limit)
      .map(({ c, meaning }) => toResult(source.content, c, meaning));
  }

  async analytics(userId: string, limit: number) {
    return this.db
      .select()
      .from(vectorQueries)
      .where(eq(vectorQueries.userId, userId))
      .orderBy(desc(vectorQueries.createdAt))
      .limit(limit);
  }

  async count(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(vectorChunks)
      .where(eq(vectorChunks.userId, userId));
    return row?.n ?? 0;
  }
}
