import type { VectorSearchResult } from "@neuroos/contracts";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { vectorChunks, vectorQueries } from "../db/schema";
import { AppError } from "../http/errors";
import { type Chunk, fileChunks, textChunks } from "./chunks";
import { type Candidate, fuse, keywordCandidates, vectorCandidates } from "./search-sql";

export type ObjectType = "file" | "message" | "document" | "text";

/** Turns texts into unit vectors (the local GloVe model; remote ones behind the same face). */
export interface Embedder {
  readonly id: string;
  readonly dimensions: number;
  embed(text: string): Float32Array;
}

export interface SearchOptions {
  objectType?: ObjectType;
  /** Spec: 1-50, default 10. */
  limit: number;
  /** Spec: 0.1-1, default 0.7: a vector match below it is dropped (a keyword match stays). */
  threshold: number;
}

export type SearchResult = VectorSearchResult;

const toResult = (c: Candidate): SearchResult => ({
  id: c.id,
  objectType: c.objectType,
  objectId: c.objectId,
  content: c.content,
  similarity: Math.max(0, Math.min(1, c.similarity)),
  metadata: { ...c.metadata, ...(c.lineFrom !== null ? { lines: `${c.lineFrom}-${c.lineTo}` } : {}) },
});

/**
 * The person's semantic index: objects cut into chunks and embedded, searched by hybrid ranking
 * (full-text and vector similarity fused); every query scoped to the person.
 */
export class VectorService {
  constructor(
    private readonly db: Db,
    private readonly embedder: Embedder,
    /** pgvector is loaded: the HNSW index serves vector candidates (else an exact scan). */
    readonly hnsw: boolean,
  ) {}

  get model() {
    return this.embedder;
  }

  /** Indexes one object (replacing what was indexed for it); answers its first chunk and the vector. */
  async embedObject(
    userId: string,
    input: { objectType: ObjectType; objectId: string; content: string; metadata?: Record<string, unknown> },
  ): Promise<{ id: string | null; chunks: number; embedding: number[] }> {
    const chunks: Chunk[] =
      input.objectType === "file" ? fileChunks(input.content) : textChunks(input.content);
    const rows = chunks.map((chunk) => ({
      userId,
      objectType: input.objectType,
      objectId: input.objectId,
      lineFrom: chunk.lineFrom,
      lineTo: chunk.lineTo,
      content: chunk.content,
      metadata: input.metadata ?? {},
      model: this.embedder.id,
      embedding: Array.from(this.embedder.embed(chunk.content)),
    }));
    const inserted = await this.db.transaction(async (tx) => {
      await tx
        .delete(vectorChunks)
        .where(
          and(
            eq(vectorChunks.userId, userId),
            eq(vectorChunks.objectType, input.objectType),
            eq(vectorChunks.objectId, input.objectId),
          ),
        );
      if (rows.length === 0) return [];
      return tx.insert(vectorChunks).values(rows).returning({ id: vectorChunks.id });
    });
    return {
      id: inserted[0]?.id ?? null,
      chunks: inserted.length,
      embedding: Array.from(this.embedder.embed(input.content.slice(0, 20_000))),
    };
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
    await this.db
      .delete(vectorChunks)
      .where(
        and(
          eq(vectorChunks.userId, userId),
          eq(vectorChunks.objectType, objectType),
          eq(vectorChunks.objectId, objectId),
        ),
      );
  }

  /** Hybrid search: full-text and vector candidates fused by reciprocal rank. */
  async search(userId: string, query: string, options: SearchOptions): Promise<SearchResult[]> {
    const vector = this.embedder.embed(query);
    const base = { userId, model: this.embedder.id, objectType: options.objectType, vector };
    const [byVector, byKeyword] = await Promise.all([
      vectorCandidates(this.db, { ...base, dims: this.embedder.dimensions, hnsw: this.hnsw }),
      keywordCandidates(this.db, { ...base, query }),
    ]);
    const results = fuse([byVector, byKeyword])
      .filter((c) => c.keyword || c.similarity >= options.threshold)
      .slice(0, options.limit)
      .map(toResult);
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
    const vector = this.embedder.embed(source.content);
    const candidates = await vectorCandidates(this.db, {
      userId,
      model: this.embedder.id,
      dims: this.embedder.dimensions,
      vector,
      objectType: options.objectType,
      hnsw: this.hnsw,
    });
    return candidates
      .filter((c) => c.objectId !== source.objectId && c.similarity >= options.threshold)
      .slice(0, options.limit)
      .map(toResult);
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

/** Loads pgvector where it can be (PGlite ships it; a PostgreSQL server may not) and indexes the model's vectors. */
export async function enableHnsw(db: Db, model: Embedder): Promise<boolean> {
  try {
    await db.execute(sql`create extension if not exists vector`);
    const name = `vector_chunks_${model.id.replace(/[^a-z0-9]/gi, "_")}_hnsw`;
    await db.execute(
      sql.raw(
        `create index if not exists ${name} on vector_chunks using hnsw ((embedding::vector(${model.dimensions})) vector_cosine_ops) where model = '${model.id}'`,
      ),
    );
    return true;
  } catch {
    return false;
  }
}
