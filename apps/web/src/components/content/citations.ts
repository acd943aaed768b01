/** A citation of a workspace file's lines, as the agent's search_files gives them: `path:from-to`. */
export interface Citation {
  path: string;
  from: number;
  to: number;
}

const CITATION = /(\/home\/user\/[^\s:`'"()[\]<>]+):(\d+)(?:-(\d+))?/g;
/** How a citation travels as a link's address (a fragment: safe, and kept by the renderer). */
export const CITATION_PREFIX = "#cite=";

export function citationHref(c: Citation): string {
  return `${CITATION_PREFIX}${encodeURIComponent(c.path)}:${c.from}-${c.to}`;
}

export function parseCitationHref(href: string | undefined): Citation | null {
  if (!href?.startsWith(CITATION_PREFIX)) return null;
  const match = /^(.+):(\d+)-(\d+)$/.exec(href.slice(CITATION_PREFIX.length));
  if (!match) return null;
  const from = Number(match[2]);
  const to = Math.max(from, Number(match[3]));
  return { path: decodeURIComponent(match[1] ?? ""), from, to };
}

/** The citations in a text, with where each starts and ends. */
export function findCitations(text: string): (Citation & { start: number; end: number })[] {
  return [...text.matchAll(CITATION)].map((m) => {
    const from = Number(m[2]);
    return {
      path: (m[1] ?? "").replace(/[.,;]+$/, ""),
      from,
      to: Math.max(from, Number(m[3] ?? m[2])),
      start: m.index,
      end: m.index + m[0].length,
    };
  });
}

interface MdNode {
  type: string;
  value?: string;
  url?: string;
  title?: string;
  children?: MdNode[];
}

/** A found passage's citation (`path:from-to`, or a file's path) as a citation of lines. */
export function sourceCitation(source: string): Citation {
  const [c] = findCitations(source);
  return c && c.start === 0 ? { path: c.path, from: c.from, to: c.to } : { path: source, from: 1, to: 1 };
}

/** Numbered markers, `[1]` or `[1, 3]`, that cite the passages a message was sent with. */
const MARKER = /\[(\d{1,2}(?:\s*,\s*\d{1,2})*)\]/g;

interface Piece {
  start: number;
  end: number;
  links: MdNode[];
}

/** The `path:from-to` citations of a text, and its numbered markers of known sources, as links. */
function pieces(text: string, sources: readonly string[]): Piece[] {
  const found: Piece[] = findCitations(text).map((c) => ({
    start: c.start,
    end: c.end,
    links: [
      { type: "link", url: citationHref(c), children: [{ type: "text", value: text.slice(c.start, c.end) }] },
    ],
  }));
  if (sources.length === 0) return found;
  for (const m of text.matchAll(MARKER)) {
    const numbers = (m[1] ?? "").split(",").map((n) => Number(n.trim()));
    if (numbers.some((n) => n < 1 || n > sources.length)) continue;
    found.push({
      start: m.index,
      end: m.index + m[0].length,
      links: numbers.map((n) => ({
        type: "link",
        url: citationHref(sourceCitation(sources[n - 1] ?? "")),
        title: `Source ${n}: ${sources[n - 1]}`,
        children: [{ type: "text", value: `[${n}]` }],
      })),
    });
  }
  return found
    .sort((a, b) => a.start - b.start)
    .filter((p, i, all) => i === 0 || p.start >= (all[i - 1]?.end ?? 0));
}

/** Turns a text node's citations into links (not inside links or code). */
function linkify(node: MdNode, sources: readonly string[]): MdNode[] {
  const text = node.value ?? "";
  const found = pieces(text, sources);
  if (found.length === 0) return [node];
  const out: MdNode[] = [];
  let at = 0;
  for (const c of found) {
    if (c.start > at) out.push({ type: "text", value: text.slice(at, c.start) });
    out.push(...c.links);
    at = c.end;
  }
  if (at < text.length) out.push({ type: "text", value: text.slice(at) });
  return out;
}

/**
 * A remark plugin: citations in prose or inline code become links that open the file at those
 * lines; with `sources` (the passages a message was sent with), so do the numbered markers.
 */
export function remarkCitations(options: { sources?: readonly string[] } = {}) {
  const sources = options.sources ?? [];
  const walk = (node: MdNode) => {
    if (!node.children || node.type === "link") return;
    node.children = node.children.flatMap((child) => {
      if (child.type === "text") return linkify(child, sources);
      if (child.type === "inlineCode" && findCitations(child.value ?? "").length === 1) {
        const [c] = findCitations(child.value ?? "");
        return c ? [{ type: "link", url: citationHref(c), children: [child] }] : [child];
      }
      walk(child);
      return [child];
    });
  };
  return (tree: MdNode) => walk(tree);
}
