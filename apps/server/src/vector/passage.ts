/** Lines kept around the best line of a passage. */
const CONTEXT_LINES = 3;
const PASSAGE_MAX_CHARS = 800;

/** Short words that carry no meaning of their own (not marked, not matched). */
const STOP_WORDS = new Set(
  "the and for with that this from are was were has have had not but its into than then also can our their been".split(
    " ",
  ),
);

const stems = (text: string) =>
  new Set(
    (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
      .filter((w) => w.length > 2 && !STOP_WORDS.has(w))
      .map((w) => w.slice(0, 5)),
  );

const escapePattern = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The words of a text sharing a stem (their first 5 letters) with the query's words, found by
 * one regular expression of those stems: a search quotes up to 50 chunks, and looking at every
 * word of each took a quarter of its time.
 */
function queryWords(query: string): (text: string) => IterableIterator<RegExpMatchArray> {
  const wanted = [...stems(query)];
  if (wanted.length === 0) return () => [][Symbol.iterator]();
  const alternatives = wanted.map((stem) =>
    stem.length === 5 ? `${escapePattern(stem)}[\\p{L}\\p{N}]*` : `${escapePattern(stem)}(?![\\p{L}\\p{N}])`,
  );
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join("|")})`, "giu");
  return (text) => text.matchAll(pattern);
}

/**
 * The part of a found file chunk to quote and cite: the lines around the one sharing most words
 * with the query (a chunk is 40 lines; a citation should point at the answer), else its start.
 */
export function focusPassage(
  query: string,
  chunk: { content: string; lineFrom: number; lineTo: number },
): { lineFrom: number; lineTo: number; text: string } {
  const words = queryWords(query);
  const lines = chunk.content.split("\n");
  let best = -1;
  let bestScore = 0;
  lines.forEach((line, i) => {
    const found = new Set<string>();
    for (const m of words(line))
      if (!STOP_WORDS.has(m[0].toLowerCase())) found.add(m[0].slice(0, 5).toLowerCase());
    const score = found.size;
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

const SNIPPET_CHARS = 300;

/** [start, end) ranges of the words of `text` that share a stem with the query's words. */
export function markWords(query: string, text: string): [number, number][] {
  const marks: [number, number][] = [];
  for (const m of queryWords(query)(text))
    if (!STOP_WORDS.has(m[0].toLowerCase())) marks.push([m.index ?? 0, (m.index ?? 0) + m[0].length]);
  return marks;
}

/**
 * The passage of a found chunk to show and where it is: a file's focused lines (cited
 * `path:from-to`), else about 300 characters around the first word of the query; its query words
 * marked as character ranges (plain text, never HTML).
 */
export function snippetOf(
  query: string,
  chunk: {
    objectType: string;
    objectId: string;
    content: string;
    lineFrom: number | null;
    lineTo: number | null;
  },
): { snippet: { text: string; marks: [number, number][] }; location?: string } {
  if (chunk.objectType === "file" && chunk.lineFrom !== null) {
    const focus = focusPassage(query, {
      content: chunk.content,
      lineFrom: chunk.lineFrom,
      lineTo: chunk.lineTo ?? chunk.lineFrom,
    });
    const lines = chunk.content
      .split("\n")
      .slice(focus.lineFrom - chunk.lineFrom, focus.lineTo - chunk.lineFrom + 1)
      .join("\n");
    const text = lines.length <= PASSAGE_MAX_CHARS ? lines : around(query, lines);
    return {
      snippet: { text, marks: markWords(query, text) },
      location: `${chunk.objectId}:${focus.lineFrom}-${focus.lineTo}`,
    };
  }
  const text = around(query, chunk.content);
  return { snippet: { text, marks: markWords(query, text) } };
}

/** About SNIPPET_CHARS characters of `text` around the first word of the query in it. */
function around(query: string, text: string): string {
  const first = markWords(query, text)[0]?.[0] ?? 0;
  const start = Math.max(0, Math.min(first - SNIPPET_CHARS / 3, text.length - SNIPPET_CHARS));
  const from = start > 0 ? text.indexOf(" ", start) + 1 || start : 0;
  return text.slice(from, from + SNIPPET_CHARS);
}
