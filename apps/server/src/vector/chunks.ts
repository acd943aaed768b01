/** A piece of an object's text as it is indexed. */
export interface Chunk {
  content: string;
  /** Lines of a file (1-based, inclusive). */
  lineFrom: number | null;
  lineTo: number | null;
}

export const FILE_CHUNK_LINES = 40;
const FILE_CHUNK_STEP = 30;
const TEXT_CHUNK_CHARS = 1500;
export const CHUNK_MAX_CHARS = 4000;
/** Characters two windows of an over-long piece share, so a phrase cut at a border is whole in one. */
const WINDOW_OVERLAP = 200;

/**
 * [start, end) windows of at most `max` characters covering all of `text`, each overlapping the
 * previous by about WINDOW_OVERLAP characters and ending at a space where one is near.
 */
export function windows(text: string, max = CHUNK_MAX_CHARS): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + max);
    if (end < text.length) {
      const space = text.lastIndexOf(" ", end);
      if (space > start + max / 2) end = space;
    }
    out.push([start, end]);
    if (end >= text.length) break;
    const next = end - WINDOW_OVERLAP;
    const space = text.indexOf(" ", next);
    start = space > next && space < end ? space + 1 : next;
  }
  return out;
}

const lineAt = (text: string, offset: number) => text.slice(0, offset).split("\n").length - 1;

/**
 * A file by line ranges (40 lines, overlapping by 10), so results cite `path:from-to`; a range
 * longer than CHUNK_MAX_CHARS (long lines) in overlapping windows, each citing its own lines.
 */
export function fileChunks(text: string): Chunk[] {
  const lines = text.split("\n");
  const chunks: Chunk[] = [];
  for (let start = 0; start < lines.length; start += FILE_CHUNK_STEP) {
    const part = lines.slice(start, start + FILE_CHUNK_LINES);
    const content = part.join("\n");
    for (const [from, to] of windows(content)) {
      const piece = content.slice(from, to);
      if (piece.trim())
        chunks.push({
          content: piece,
          lineFrom: start + 1 + lineAt(content, from),
          lineTo: start + 1 + lineAt(content, to),
        });
    }
    if (start + FILE_CHUNK_LINES >= lines.length) break;
  }
  return chunks;
}

/** Other text (a message, a document) by paragraphs, about 1,500 characters a chunk. */
export function textChunks(text: string): Chunk[] {
  const chunks: Chunk[] = [];
  let current = "";
  for (const paragraph of text.split(/\n\s*\n/)) {
    if (current && current.length + paragraph.length > TEXT_CHUNK_CHARS) {
      chunks.push({ content: current, lineFrom: null, lineTo: null });
      current = "";
    }
    current = current ? `${current}\n\n${paragraph}` : paragraph;
    if (current.length > CHUNK_MAX_CHARS) {
      const parts = windows(current, TEXT_CHUNK_CHARS);
      for (const [from, to] of parts.slice(0, -1))
        chunks.push({ content: current.slice(from, to), lineFrom: null, lineTo: null });
      current = current.slice(parts.at(-1)?.[0] ?? 0);
    }
  }
  if (current.trim()) chunks.push({ content: current, lineFrom: null, lineTo: null });
  return chunks;
}
