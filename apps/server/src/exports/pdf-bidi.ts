import type { Piece } from "./pdf-fonts";

type Pdf = PDFKit.PDFDocument;

/** Hebrew, Arabic (and their presentation forms): written right to left. */
export const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
const LEFT_TO_RIGHT = /[\p{L}\p{N}]/u;

interface Token extends Piece {
  width: number;
  /** Its embedding level (Unicode's bidi algorithm, by words): odd ones run right to left. */
  level: number;
  space: boolean;
}

/** The base level of a paragraph: right to left when its first strong character is. */
function baseLevel(pieces: Piece[]): number {
  for (const { text } of pieces)
    for (const char of text) {
      if (RIGHT_TO_LEFT.test(char)) return 1;
      if (LEFT_TO_RIGHT.test(char)) return 0;
    }
  return 0;
}

/** Words and spaces with their widths and levels (a neutral takes its neighbours' level when they agree). */
function tokensOf(pdf: Pdf, pieces: Piece[], size: number, base: number): Token[] {
  const tokens: Token[] = [];
  for (const piece of pieces)
    for (const text of piece.text.split(/(\s+)/)) {
      if (!text) continue;
      pdf.font(piece.font).fontSize(size);
      const rtl = RIGHT_TO_LEFT.test(text);
      const strong = rtl || LEFT_TO_RIGHT.test(text);
      const level = rtl ? 1 : strong ? (base === 1 ? 2 : 0) : -1;
      tokens.push({ ...piece, text, width: pdf.widthOfString(text), level, space: /^\s+$/.test(text) });
    }
  tokens.forEach((token, i) => {
    if (token.level >= 0) return;
    const before = tokens.slice(0, i).findLast((t) => t.level >= 0)?.level;
    const after = tokens.slice(i + 1).find((t) => t.level >= 0)?.level;
    token.level = before !== undefined && before === after ? before : base;
  });
  return tokens;
}

/** One line's tokens from logical to visual order (rule L2: reverse runs, highest level first). */
function visualOrder(line: Token[]): Token[] {
  const out = [...line];
  const highest = Math.max(0, ...out.map((t) => t.level));
  for (let level = highest; level >= 1; level -= 1) {
    let start = -1;
    for (let i = 0; i <= out.length; i += 1) {
      const inside = i < out.length && (out[i]?.level ?? 0) >= level;
      if (inside && start < 0) start = i;
      if (!inside && start >= 0) {
        out.splice(start, i - start, ...out.slice(start, i).reverse());
        start = -1;
      }
    }
  }
  return out;
}

/**
 * Writes a paragraph holding right-to-left text: broken into lines here (pdfkit wraps left to
 * right only), each line's words put in visual order and placed one by one, the paragraph aligned
 * to the right when it starts right to left. Each word is shaped by its font (Arabic joined).
 */
export function writeBidiParagraph(
  pdf: Pdf,
  pieces: Piece[],
  options: { size: number; indent?: number; width?: number; margin: number },
): void {
  const left = pdf.x + (options.indent ?? 0);
  const width = (options.width ?? pdf.page.width - options.margin - pdf.x) - (options.indent ?? 0);
  const base = baseLevel(pieces);
  const tokens = tokensOf(pdf, pieces, options.size, base);
  const lines: Token[][] = [[]];
  let used = 0;
  for (const token of tokens) {
    const line = lines.at(-1) ?? [];
    if (used + token.width > width && line.some((t) => !t.space) && !token.space) {
      lines.push([token]);
      used = token.width;
    } else if (!(token.space && line.length === 0)) {
      line.push(token);
      used += token.width;
    }
  }
  const lineHeight = Math.max(
    ...[...new Set(tokens.map((t) => t.font))].map((font) =>
      pdf.font(font).fontSize(options.size).currentLineHeight(true),
    ),
    options.size,
  );
  for (const logical of lines) {
    while (logical.at(-1)?.space) logical.pop();
    if (pdf.y + lineHeight > pdf.page.height - options.margin) pdf.addPage();
    const y = pdf.y;
    const visual = visualOrder(logical);
    const lineWidth = visual.reduce((sum, t) => sum + t.width, 0);
    let x = base === 1 ? left + Math.max(0, width - lineWidth) : left;
    for (const token of visual) {
      if (!token.space)
        pdf.font(token.font).fontSize(options.size).text(token.text, x, y, { lineBreak: false });
      x += token.width;
    }
    pdf.x = left - (options.indent ?? 0);
    pdf.y = y + lineHeight;
  }
}
