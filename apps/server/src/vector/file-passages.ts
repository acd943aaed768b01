import type { FilePassage } from "@neuroos/contracts";
import { focusPassage } from "./passage";
import type { VectorService } from "./service";

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Passages of the person's indexed files that answer a query (hybrid: words and meaning), each
 * cited `path:from-to` at the lines that share most words with the query. Used by the agent's
 * search_files and by a message sent with "Search my files".
 *
 * When some passages share a word with the query, those are the answer: word-vector meaning
 * scores crowd together (a workspace's generic README scores 0.96 for a question about a boiler),
 * so passages found by meaning alone are sent only when no passage has the query's words.
 */
export async function filePassages(
  vectors: Pick<VectorService, "search">,
  userId: string,
  query: string,
  limit: number,
): Promise<FilePassage[]> {
  const found = await vectors.search(userId, query, { objectType: "file", limit, threshold: 0.5 });
  const worded = found.filter((r) => r.snippet.marks.length > 0);
  return (worded.length > 0 ? worded : found).map((r) => {
    const lines = typeof r.metadata.lines === "string" ? r.metadata.lines.split("-").map(Number) : null;
    if (!lines)
      return { citation: r.objectId, similarity: round(r.similarity), text: r.content.slice(0, 800) };
    const focus = focusPassage(query, { content: r.content, lineFrom: lines[0] ?? 1, lineTo: lines[1] ?? 1 });
    return {
      citation: `${r.objectId}:${focus.lineFrom}-${focus.lineTo}`,
      similarity: round(r.similarity),
      text: focus.text,
    };
  });
}
