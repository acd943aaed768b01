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

/** A file by line ranges (40 lines, overlapping by 10), so results cite `path:from-to`. */
export function fileChunks(text: string): Chunk[] {
  const lines = text.split("\n");
  const chunks: Chunk[] = [];
  for (let start = 0; start < lines.length; start += FILE_CHUNK_STEP) {
    const part = lines.slice(start, start + FILE_CHUNK_LINES);
    const content = part.join("\n").slice(0, CHUNK_MAX_CHARS);
    if (content.trim()) chunks.push({ content, lineFrom: start + 1, lineTo: start + part.length });
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
    while (current.length > CHUNK_MAX_CHARS) {
      chunks.push({ content: current.slice(0, TEXT_CHUNK_CHARS), lineFrom: null, lineTo: null });
      current = current.slice(TEXT_CHUNK_CHARS);
    }
  }
  if (current.trim()) chunks.push({ content: current, lineFrom: null, lineTo: null });
  return chunks;
}
