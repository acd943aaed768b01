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
  children?: MdNode[];
}

/** Turns a text node's citations into links (not inside links or code). */
function linkify(node: MdNode): MdNode[] {
  const text = node.value ?? "";
  const found = findCitations(text);
  if (found.length === 0) return [node];
  const out: MdNode[] = [];
  let at = 0;
  for (const c of found) {
    if (c.start > at) out.push({ type: "text", value: text.slice(at, c.start) });
    out.push({
      type: "link",
      url: citationHref(c),
      children: [{ type: "text", value: text.slice(c.start, c.end) }],
    });
    at = c.end;
  }
  if (at < text.length) out.push({ type: "text", value: text.slice(at) });
  return out;
}

/** A remark plugin: citations in prose or inline code become links that open the file at those lines. */
export function remarkCitations() {
  const walk = (node: MdNode) => {
    if (!node.children || node.type === "link") return;
    node.children = node.children.flatMap((child) => {
      if (child.type === "text") return linkify(child);
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
