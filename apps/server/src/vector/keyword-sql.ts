import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type Candidate, candidateColumns, candidateRows, cosineOf } from "./search-sql";

/** BM25's parameters, as BEIR's Elasticsearch reference run uses them. */
export const BM25_K1 = 0.9;
export const BM25_B = 0.4;
const KEYWORD_CANDIDATES = 100;

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
 * chunks of the model: the inverted index (vector_postings) gives each matching chunk's term
 * counts and length, and the document frequencies (its rows per term); vector_corpus the count
 * of chunks and their mean length. Words are English stems without stop words, as indexed.
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
  },
): Promise<KeywordCandidate[]> {
  const [k1, b, k1plus1] = [BM25_K1, BM25_B, BM25_K1 + 1].map((n) => sql.raw(String(n)));
  const typed = input.objectType ? sql`where object_type = ${input.objectType}` : sql``;
  const result = (await db.execute(sql`
    with q as (select term, sum(tf)::float8 as qtf from vector_terms(${input.query}) group by term),
    corpus as (select docs::float8 as n, total_length::float8 / greatest(docs, 1) as avgdl
      from vector_corpus where user_id = ${input.userId} and model = ${input.model}),
    hits as (
      select p.chunk_id, p.object_type, p.term, p.tf, p.length, q.qtf,
        count(*) over (partition by p.term) as df
      from vector_postings p join q on q.term = p.term
      where p.user_id = ${input.userId} and p.model = ${input.model}),
    idf as (
      select q.term, q.qtf, ln(1 + (corpus.n - coalesce(d.df, 0) + 0.5) / (coalesce(d.df, 0) + 0.5)) as idf
      from q cross join corpus left join (select distinct term, df from hits) d on d.term = q.term),
    scored as (
      select h.chunk_id, sum(h.qtf * i.idf * h.tf * ${k1plus1}
        / (h.tf + ${k1} * (1 - ${b} + ${b} * h.length / greatest(corpus.avgdl, 1e-9)))) as bm25
      from (select * from hits ${typed}) h join idf i on i.term = h.term cross join corpus
      group by h.chunk_id order by bm25 desc limit ${KEYWORD_CANDIDATES})
    select ${candidateColumns}, s.bm25, (select sum(qtf * idf) from idf) as ideal,
      ${cosineOf(input)} as similarity
    from scored s join vector_chunks v on v.id = s.chunk_id
    order by s.bm25 desc, v.id`)) as unknown as { rows: KeywordCandidate[] };
  return candidateRows(result.rows).map((r) => ({ ...r, bm25: Number(r.bm25), ideal: Number(r.ideal) }));
}
