import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";

export interface Candidate {
  id: string;
  objectType: string;
  objectId: string;
  lineFrom: number | null;
  lineTo: number | null;
  content: string;
  metadata: Record<string, unknown>;
  similarity: number;
}

const CANDIDATES = 50;
export const candidateColumns = sql`id, object_type as "objectType", object_id as "objectId", line_from as "lineFrom",
  line_to as "lineTo", content, metadata`;
const asArray = (v: Float32Array) => sql`${`{${Array.from(v).join(",")}}`}::real[]`;
/** A bound parameter, not a literal: the parser never reads the vector's digits. */
const asVector = (v: Float32Array, dims: number) =>
  sql`${`[${Array.from(v).join(",")}]`}::vector(${sql.raw(String(dims))})`;
/** Cosine of unit vectors, exactly, in plain SQL (no extension needed). */
export const exactCosine = (v: Float32Array) =>
  sql`(select sum(a * b) from unnest(embedding, ${asArray(v)}) as t(a, b))`;

/** The cosine of a chunk's embedding and `vector`: pgvector's where it is loaded, else plain SQL. */
export const cosineOf = (input: { vector: Float32Array; dims: number; hnsw: boolean }) =>
  input.hnsw
    ? sql`1 - ((embedding::vector(${sql.raw(String(input.dims))})) <=> ${asVector(input.vector, input.dims)})`
    : exactCosine(input.vector);

const scope = (userId: string, model: string, objectType: string | undefined) =>
  sql`user_id = ${userId} and model = ${model}${objectType ? sql` and object_type = ${objectType}` : sql``}`;

/** Rows as candidates: the similarity a number (drivers answer numerics as strings), 0 for a query without a vector (NaN). */
export const candidateRows = <T extends Candidate>(found: T[]): T[] =>
  found.map((r) => ({ ...r, similarity: Number(r.similarity) || 0 }));

async function rows(db: Db, query: SQL): Promise<(Candidate & { distance?: unknown })[]> {
  const result = (await db.execute(query)) as unknown as { rows: Candidate[] };
  return candidateRows(result.rows);
}

/** The nearest chunks by cosine: pgvector's HNSW index where the extension is present, else an exact scan. */
export function vectorCandidates(
  db: Db,
  input: {
    userId: string;
    model: string;
    dims: number;
    vector: Float32Array;
    objectType?: string;
    hnsw: boolean;
  },
): Promise<Candidate[]> {
  const where = scope(input.userId, input.model, input.objectType);
  if (input.hnsw) {
    // The distance once, ordered by its alias (computing it again for the similarity cost more
    // than the index search at 100k chunks).
    const distance = sql`(embedding::vector(${sql.raw(String(input.dims))})) <=> ${asVector(input.vector, input.dims)}`;
    // The scan's settings are the session's (db/client.ts SESSION_SETTINGS): HNSW_EF_SEARCH
    // candidates, scanning on past other people's rows until the person has CANDIDATES. A query
    // of words the model does not know has no direction: pgvector's distances are then NaN, which
    // made every meaning of the query NaN (meaningScale's minimum); they count as unrelated (0).
    return rows(
      db,
      sql`select ${candidateColumns}, ${distance} as distance from vector_chunks where ${where}
      order by distance limit ${CANDIDATES}`,
    ).then((found) => found.map(({ distance: d, ...c }) => ({ ...c, similarity: 1 - Number(d) || 0 })));
  }
  return rows(
    db,
    sql`select ${candidateColumns}, ${exactCosine(input.vector)} as similarity from vector_chunks
    where ${where} order by similarity desc limit ${CANDIDATES}`,
  );
}
