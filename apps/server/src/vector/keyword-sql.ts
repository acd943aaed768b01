import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type Candidate, candidateColumns, candidateRows, cosineOf } from "./search-sql";

/** BM25's parameters, as BEIR's Elasticsearch reference run uses them. */
export const BM25_K1 = 0.9;
export const BM25_B = 0.4;
/**
 * The keyword matches a search ranks with the vector list: twice the results it answers, at
 * least 50 (at 5,000 abstracts, 50 instead of 100 took a sixth off the default search's time; at
 * 50 results, 100 kept 0.002 more of SciFact's relevant abstracts than 50).
 */
export const keywordCandidateCount = (limit: number) => Math.max(50, 2 * limit);

export interface KeywordCandidate extends Candidate {
  /** The chunk's BM25 score for the query. */
  bm25: number;
  /**
   * The BM25 score of an average-length chunk holding each query word once (the sum of the
   * query words' idf): what `bm25` is measured against.
   */
  ideal: number;
}

/**
 * The chunks holding any word of the query, ranked by BM25 (k1 0.9, b 0.4) over the person's
 * chunks of the model: each query word's idf from its chunk count (vector_term_counts) and the
 * collection's (vector_corpus), then one pass over the words' postings (vector_postings, read
 * from its covering index). Words are English stems without stop words, as indexed. All in
 * float8: numeric arithmetic on every posting took most of the search's time.
 */
export async function keywordCandidates(
  db: Db,
  input: {
    userId: string;
    model: string;
    query: string;
    vector: Float32Array;
    dims: number;
    objectType?: string;
    /** pgvector is loaded (its cosine is much faster than the plain SQL one). */
    hnsw: boolean;
    /** How many to answer at most (default: as many as a search of 50 results ranks). */
    candidates?: number;
  },
): Promise<KeywordCandidate[]> {
  const float = (n: number) => sql.raw(`${n}::float8`);
  const typed = input.objectType ? sql`and p.object_type = ${input.objectType}` : sql``;
  const result = (await db.execute(sql`
    with q as (select term, sum(tf)::float8 as qtf from vector_terms(${input.query}) group by term),
    corpus as (
      -- A posting's score is (k1 + 1) * weight * tf / (tf + fixed + perWord * length).
      select docs::float8 as n, ${float(BM25_K1 * (1 - BM25_B))} as fixed,
        ${float(BM25_K1 * BM25_B)} / greatest(total_length::float8 / greatest(docs, 1), 1e-9) as "perWord"
      from vector_corpus where user_id = ${input.userId} and model = ${input.model}),
    weights as (
      -- A query word's weight: its idf, as often as the query holds it.
      select q.term, q.qtf * ln(1 + (corpus.n - coalesce(t.chunks, 0) + 0.5) / (coalesce(t.chunks, 0) + 0.5)) as weight,
        coalesce(t.chunks, 0) as chunks
      from q cross join corpus left join vector_term_counts t
        on t.user_id = ${input.userId} and t.model = ${input.model} and t.term = q.term),
    scored as (
      select p.chunk_id, sum(${float(BM25_K1 + 1)} * i.weight * p.tf / (p.tf + corpus.fixed + corpus."perWord" * p.length)) as bm25
      from weights i join vector_postings p
        on p.user_id = ${input.userId} and p.model = ${input.model} and p.term = i.term ${typed}
        cross join corpus
      where i.chunks > 0
      group by p.chunk_id order by bm25 desc limit ${input.candidates ?? keywordCandidateCount(50)})
    select ${candidateColumns}, s.bm25, (select sum(weight) from weights) as ideal,
      ${cosineOf(input)} as similarity
    from scored s join vector_chunks v on v.id = s.chunk_id
    order by s.bm25 desc, v.id`)) as unknown as { rows: KeywordCandidate[] };
  return candidateRows(result.rows).map((r) => ({ ...r, bm25: Number(r.bm25), ideal: Number(r.ideal) }));
}
