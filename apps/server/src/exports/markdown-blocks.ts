import { marked, type Token, type Tokens } from "marked";

/** A piece of text with its emphasis, as both exporters write it. */
export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
}

/** The blocks a document is made of, from its Markdown (no raw HTML: it is kept as text). */
export type Block =
  | { type: "heading"; level: number; runs: Run[] }
  | { type: "paragraph"; runs: Run[] }
  | { type: "list"; ordered: boolean; items: { level: number; runs: Run[] }[] }
  | { type: "table"; header: Run[][]; rows: Run[][][] }
  | { type: "code"; text: string }
  | { type: "rule" };

type Style = Omit<Run, "text">;

function inline(tokens: Token[] | undefined, style: Style = {}): Run[] {
  const runs: Run[] = [];
  for (const token of tokens ?? []) {
    if (token.type === "strong")
      runs.push(...inline((token as Tokens.Strong).tokens, { ...style, bold: true }));
    else if (token.type === "em")
      runs.push(...inline((token as Tokens.Em).tokens, { ...style, italic: true }));
    else if (token.type === "codespan")
      runs.push({ ...style, code: true, text: (token as Tokens.Codespan).text });
    else if (token.type === "br") runs.push({ ...style, text: "\n" });
    else if ("tokens" in token && token.tokens?.length) runs.push(...inline(token.tokens, style));
    else if ("text" in token) runs.push({ ...style, text: decodeEntities(String(token.text)) });
    else runs.push({ ...style, text: token.raw });
  }
  return runs.filter((run) => run.text !== "");
}

const entities: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};
const decodeEntities = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (e) => entities[e] ?? e);

function listItems(list: Tokens.List, level: number): { level: number; runs: Run[] }[] {
  const items: { level: number; runs: Run[] }[] = [];
  for (const item of list.items) {
    const own = item.tokens.filter((t) => t.type !== "list");
    items.push({ level, runs: own.flatMap((t) => inline("tokens" in t ? t.tokens : [t])) });
    for (const nested of item.tokens.filter((t): t is Tokens.List => t.type === "list"))
      items.push(...listItems(nested, level + 1));
  }
  return items;
}

/** The document's Markdown as blocks. */
export function markdownBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "heading") {
        const heading = token as Tokens.Heading;
        blocks.push({ type: "heading", level: heading.depth, runs: inline(heading.tokens) });
      } else if (token.type === "paragraph" || token.type === "text" || token.type === "html")
        blocks.push({
          type: "paragraph",
          runs: "tokens" in token ? inline(token.tokens) : [{ text: token.raw }],
        });
      else if (token.type === "list") {
        const list = token as Tokens.List;
        blocks.push({ type: "list", ordered: list.ordered, items: listItems(list, 0) });
      } else if (token.type === "table") {
        const table = token as Tokens.Table;
        blocks.push({
          type: "table",
          header: table.header.map((cell) => inline(cell.tokens)),
          rows: table.rows.map((row) => row.map((cell) => inline(cell.tokens))),
        });
      } else if (token.type === "code") blocks.push({ type: "code", text: (token as Tokens.Code).text });
      else if (token.type === "blockquote") walk((token as Tokens.Blockquote).tokens);
      else if (token.type === "hr") blocks.push({ type: "rule" });
    }
  };
  walk(marked.lexer(markdown, { gfm: true }));
  return blocks;
}

/** The plain text of some runs. */
export const plain = (runs: Run[]) => runs.map((run) => run.text).join("");
