/** Lines kept around the best line of a passage. */
const CONTEXT_LINES = 3;
const PASSAGE_MAX_CHARS = 800;

/** Short words that carry no meaning of their own (not marked, not matched). */
const STOP_WORDS = new Set(
  "the and for with that this from are was were has have had not but its into than then also can our their been".split(
    " ",
  ),
);

/** A word's stem: its first 5 letters (whole letters, also outside the basic plane). */
const stemOf = (word: string) => Array.from(word).slice(0, 5).join("");

const stems = (text: string) =>
  new Set(
    (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
      .filter((w) => w.length > 2 && !STOP_WORDS.has(w))
      .map(stemOf),
  );

const escapePattern = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A word of a text sharing a stem with the query's: its [start, end) and its stem. */
type Match = { start: number; end: number; stem: string };

/**
 * The words of `text` sharing a stem (their first 5 letters) with the query's words, found in one
 * pass of one regular expression of those stems: a search quotes up to 50 chunks, and looking at
 * every word of each, three times, took a quarter of its time.
 */
function matchesOf(query: string, text: string): Match[] {
  const wanted = [...stems(query)];
  if (wanted.length === 0) return [];
  const alternatives = wanted.map((stem) =>
    Array.from(stem).length === 5
      ? `${escapePattern(stem)}[\\p{L}\\p{N}]*`
      : `${escapePattern(stem)}(?![\\p{L}\\p{N}])`,
  );
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join("|")})`, "giu");
  const found: Match[] = [];
  for (const m of text.matchAll(pattern)) {
    const word = m[0].toLowerCase();
    if (!STOP_WORDS.has(word))
      found.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, stem: stemOf(word) });
  }
  return found;
}

/** The matches within [from, to) of their text (one cut at an edge: its part inside), as ranges of that slice. */
const marksWithin = (matches: Match[], from: number, to: number): [number, number][] =>
  matches
    .filter((m) => m.end > from && m.start < to)
    .map((m) => [Math.max(m.start, from) - from, Math.min(m.end, to) - from]);

/** A passage of a chunk: its lines [first, last] (0-based) and where they are in its text. */
interface Focus {
  first: number;
  last: number;
  from: number;
  to: number;
}

/** The lines around the one holding most of the query's stems (null when none holds one). */
function focusOf(content: string, matches: Match[]): Focus | null {
  if (matches.length === 0) return null;
  const starts = [0];
  for (let i = content.indexOf("\n"); i >= 0; i = content.indexOf("\n", i + 1)) starts.push(i + 1);
  const perLine = new Map<number, Set<string>>();
  let line = 0;
  for (const m of matches) {
    while (line + 1 < starts.length && (starts[line + 1] ?? 0) <= m.start) line += 1;
    const stemsOfLine = perLine.get(line) ?? new Set<string>();
    stemsOfLine.add(m.stem);
    perLine.set(line, stemsOfLine);
  }
  let best = 0;
  let bestScore = 0;
  for (const [i, found] of perLine)
    if (found.size > bestScore || (found.size === bestScore && i < best)) {
      best = i;
      bestScore = found.size;
    }
  const first = Math.max(0, best - CONTEXT_LINES);
  const last = Math.min(starts.length - 1, best + CONTEXT_LINES);
  const next = starts[last + 1];
  return { first, last, from: starts[first] ?? 0, to: next === undefined ? content.length : next - 1 };
}

/**
 * The part of a found file chunk to quote and cite: the lines around the one sharing most words
 * with the query (a chunk is 40 lines; a citation should point at the answer), else its start.
 */
export function focusPassage(
  query: string,
  chunk: { content: string; lineFrom: number; lineTo: number },
): { lineFrom: number; lineTo: number; text: string } {
  const focus = focusOf(chunk.content, matchesOf(query, chunk.content));
  if (!focus)
    return {
      lineFrom: chunk.lineFrom,
      lineTo: chunk.lineTo,
      text: chunk.content.slice(0, PASSAGE_MAX_CHARS),
    };
  return {
    lineFrom: chunk.lineFrom + focus.first,
    lineTo: chunk.lineFrom + focus.last,
    text: chunk.content.slice(focus.from, focus.to).slice(0, PASSAGE_MAX_CHARS),
  };
}

const SNIPPET_CHARS = 300;

/** [start, end) ranges of the words of `text` that share a stem with the query's words. */
export function markWords(query: string, text: string): [number, number][] {
  return matchesOf(query, text).map((m) => [m.start, m.end]);
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
  const { content } = chunk;
  const matches = matchesOf(query, content);
  if (chunk.objectType === "file" && chunk.lineFrom !== null) {
    const lastLine = (chunk.lineTo ?? chunk.lineFrom) - chunk.lineFrom;
    const focus = focusOf(content, matches) ?? {
      first: 0,
      last: lastLine,
      from: 0,
      to: content.length,
    };
    const location = `${chunk.objectId}:${chunk.lineFrom + focus.first}-${chunk.lineFrom + focus.last}`;
    if (focus.to - focus.from <= PASSAGE_MAX_CHARS)
      return {
        snippet: {
          text: content.slice(focus.from, focus.to),
          marks: marksWithin(matches, focus.from, focus.to),
        },
        location,
      };
    return { snippet: around(content, matches, focus.from, focus.to), location };
  }
  return { snippet: around(content, matches, 0, content.length) };
}

/** About SNIPPET_CHARS characters of content[from, to) around its first word of the query. */
function around(
  content: string,
  matches: Match[],
  from: number,
  to: number,
): { text: string; marks: [number, number][] } {
  const first = (matches.find((m) => m.start >= from && m.end <= to)?.start ?? from) - from;
  const length = to - from;
  const start = Math.max(0, Math.min(first - SNIPPET_CHARS / 3, length - SNIPPET_CHARS));
  const space = start > 0 ? content.indexOf(" ", from + start) : -1;
  const begin = start > 0 ? (space >= 0 && space < to ? space + 1 : from + start) : from;
  const end = Math.min(to, begin + SNIPPET_CHARS);
  return { text: content.slice(begin, end), marks: marksWithin(matches, begin, end) };
}
