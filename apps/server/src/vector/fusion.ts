import type { KeywordCandidate } from "./keyword-sql";
import type { Candidate } from "./search-sql";

export type SearchMode = "hybrid" | "keyword" | "vector";

export interface Ranked extends Candidate {
  /**
   * 0-1: the chunk's BM25 against the best match's, or against half the query's ideal when the
   * best match has less (so a chunk matching only a minor word of the query scores low).
   */
  keyword: number;
  /** 0-1: the cosine placed between the query's weakest and best vector candidates' (meaningScale). */
  meaning: number;
  /** The ranking score. */
  score: number;
}

/**
 * The least a query's best cosine must stand above its weakest candidate's to count as a close
 * match: word-vector averages crowd together (on SciFact GloVe puts unrelated abstracts at
 * 0.6-0.8 and the best at 0.9), and short texts spread out (a paraphrase at 0.3 and unrelated at 0),
 * so no fixed cosine means "related" for every text.
 */
const MEANING_MARGIN = 0.15;

/**
 * Cosines as 0-1 relevance for one query: 0 at its weakest vector candidate's (the nearest thing
 * to unrelated the search saw), 1 at its best one's when that stands out by MEANING_MARGIN or
 * more; less when nothing stands out.
 */
export function meaningScale(cosines: number[]): (cosine: number) => number {
  if (cosines.length === 0) return () => 0;
  // One candidate alone has no weaker one to be compared with: cosine 0 stands for unrelated.
  const low = Math.min(...cosines, cosines.length > 1 ? 1 : 0);
  const span = Math.max(Math.max(...cosines) - low, MEANING_MARGIN);
  return (cosine) => Math.max(0, Math.min(1, (cosine - low) / span));
}

/**
 * How much meaning adds to words in hybrid ranking: a chunk's score is its keyword relevance plus
 * this share of its meaning relevance, so a chunk matching the words keeps its place unless another
 * matches about as well and means more, and chunks matching no word still rank by meaning.
 */
export const MEANING_WEIGHT = 0.1;

const byScore = (a: Ranked, b: Ranked) => b.score - a.score || b.keyword - a.keyword || b.meaning - a.meaning;

/** The two lists as one ranked by `mode`; in a tie the keyword match wins. */
export function fuse(mode: SearchMode, byVector: Candidate[], byKeyword: KeywordCandidate[]): Ranked[] {
  const meaningOf = meaningScale(byVector.map((c) => c.similarity));
  const found = new Map<string, Ranked>();
  const best = Math.max(0, ...byKeyword.map((c) => c.bm25));
  for (const c of byKeyword) {
    const reference = Math.max(best, c.ideal / 2);
    const keyword = reference > 0 ? Math.min(1, c.bm25 / reference) : 0;
    found.set(c.id, { ...c, keyword, meaning: meaningOf(c.similarity), score: 0 });
  }
  for (const c of byVector)
    if (!found.has(c.id)) found.set(c.id, { ...c, keyword: 0, meaning: meaningOf(c.similarity), score: 0 });
  const ranked = [...found.values()];
  for (const r of ranked)
    r.score =
      mode === "keyword"
        ? r.keyword
        : mode === "vector"
          ? r.similarity
          : r.keyword + MEANING_WEIGHT * r.meaning;
  return ranked.filter((r) => (mode === "keyword" ? r.keyword > 0 : true)).sort(byScore);
}

/** The similarity shown for a result, which the threshold is compared with. */
export function shownSimilarity(mode: SearchMode, r: Ranked): number {
  return mode === "keyword" ? r.keyword : mode === "vector" ? r.meaning : Math.max(r.keyword, r.meaning);
}

/**
 * The results above the threshold; the best keyword match is kept whatever its similarity, so a
 * query whose words are found never answers nothing.
 */
export function aboveThreshold(mode: SearchMode, ranked: Ranked[], threshold: number): Ranked[] {
  const bestWords = mode === "vector" ? undefined : ranked.find((r) => r.keyword > 0);
  return ranked.filter((r) => r === bestWords || shownSimilarity(mode, r) >= threshold);
}
