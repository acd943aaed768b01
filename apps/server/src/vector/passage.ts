/** Lines kept around the best line of a passage. */
const CONTEXT_LINES = 3;
const PASSAGE_MAX_CHARS = 800;

const stems = (text: string) =>
  new Set(
    (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 2).map((w) => w.slice(0, 5)),
  );

/**
 * The part of a found file chunk to quote and cite: the lines around the one sharing most words
 * with the query (a chunk is 40 lines; a citation should point at the answer), else its start.
 */
export function focusPassage(
  query: string,
  chunk: { content: string; lineFrom: number; lineTo: number },
): { lineFrom: number; lineTo: number; text: string } {
  const wanted = stems(query);
  const lines = chunk.content.split("\n");
  let best = -1;
  let bestScore = 0;
  lines.forEach((line, i) => {
    let score = 0;
    for (const stem of stems(line)) if (wanted.has(stem)) score += 1;
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  if (best < 0)
    return {
      lineFrom: chunk.lineFrom,
      lineTo: chunk.lineTo,
      text: chunk.content.slice(0, PASSAGE_MAX_CHARS),
    };
  const from = Math.max(0, best - CONTEXT_LINES);
  const to = Math.min(lines.length - 1, best + CONTEXT_LINES);
  return {
    lineFrom: chunk.lineFrom + from,
    lineTo: chunk.lineFrom + to,
    text: lines
      .slice(from, to + 1)
      .join("\n")
      .slice(0, PASSAGE_MAX_CHARS),
  };
}
