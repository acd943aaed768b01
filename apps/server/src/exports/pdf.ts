import PDFDocument from "pdfkit";
import { type Block, markdownBlocks, type Run } from "./markdown-blocks";
import { RIGHT_TO_LEFT, writeBidiParagraph } from "./pdf-bidi";
import { type DocumentFonts, documentFonts, type Face, type Piece } from "./pdf-fonts";

type Pdf = PDFKit.PDFDocument;

const MARGIN = 56;
const headingSizes = [22, 18, 15, 13, 12, 11];

/**
 * Breaks each word wider than `width` into pieces that fit, one per line: pdfkit itself would
 * split such a word by measuring it again for every character it drops (a 40,000-letter word took
 * 10 s, a 250 KB one minutes); here each character is measured once. Set the font first.
 */
function fitWords(pdf: Pdf, text: string, width: number): string {
  return text.replace(/\S{16,}/g, (word) => {
    if (pdf.widthOfString(word) <= width) return word;
    const lines: string[] = [];
    let line = "";
    let used = 0;
    for (const char of word) {
      const w = pdf.widthOfString(char);
      if (used + w > width && line) {
        lines.push(line);
        line = "";
        used = 0;
      }
      line += char;
      used += w;
    }
    return [...lines, line].join("\n");
  });
}

function faceOf(run: Run, bold = false): Face {
  if (run.code) return "mono";
  const b = bold || run.bold;
  if (b && run.italic) return "boldItalic";
  if (b) return "bold";
  if (run.italic) return "italic";
  return "regular";
}

/** Writes pieces as one paragraph, each in its font; one with right-to-left text is laid out by words. */
function writePieces(pdf: Pdf, pieces: Piece[], options: { size: number; indent?: number; width?: number }) {
  if (pieces.some((p) => RIGHT_TO_LEFT.test(p.text)))
    return writeBidiParagraph(pdf, pieces, { ...options, margin: MARGIN });
  const width = options.width ?? pdf.page.width - MARGIN - pdf.x;
  pdf.fontSize(options.size);
  if (pieces.length === 0) pdf.text("", { indent: options.indent, width: options.width });
  pieces.forEach((piece, i) => {
    pdf.font(piece.font);
    pdf.text(fitWords(pdf, piece.text, width), {
      continued: i < pieces.length - 1,
      indent: i === 0 ? options.indent : undefined,
      width: options.width,
    });
  });
}

/** Writes runs as one paragraph, each in its face (and the fonts its characters need). */
function writeRuns(
  pdf: Pdf,
  fonts: DocumentFonts,
  runs: Run[],
  options: { size: number; bold?: boolean; indent?: number; width?: number },
) {
  writePieces(pdf, piecesOf(fonts, runs, options.bold), options);
}

/** Runs as pieces, each in a font that has its characters. */
const piecesOf = (fonts: DocumentFonts, runs: Run[], bold?: boolean) =>
  runs.flatMap((run) => fonts.pieces(run.text, faceOf(run, bold)));

function writeTable(pdf: Pdf, fonts: DocumentFonts, block: Extract<Block, { type: "table" }>) {
  const columns = Math.max(block.header.length, ...block.rows.map((row) => row.length));
  const width = (pdf.page.width - 2 * MARGIN) / columns;
  const padding = 4;
  const drawRow = (cells: Run[][], header: boolean) => {
    const inner = width - 2 * padding;
    // Each cell split into its fonts once, to measure and to write.
    const cellPieces = cells.map((cell) => piecesOf(fonts, cell, header));
    // Measured in the first font of each cell: near enough for the row's height.
    const heights = cellPieces.map((pieces) => {
      const text = pieces.map((p) => p.text).join("");
      if (pieces[0]) pdf.font(pieces[0].font);
      pdf.fontSize(10);
      return pdf.heightOfString(fitWords(pdf, text, inner) || " ", { width: inner });
    });
    const height = Math.max(...heights) + 2 * padding;
    if (pdf.y + height > pdf.page.height - MARGIN) pdf.addPage();
    const top = pdf.y;
    cellPieces.forEach((pieces, i) => {
      const x = MARGIN + i * width;
      pdf.rect(x, top, width, height).stroke("#999999");
      pdf.x = x + padding;
      pdf.y = top + padding;
      writePieces(pdf, pieces, { size: 10, width: inner });
    });
    pdf.x = MARGIN;
    pdf.y = top + height;
  };
  drawRow(block.header, true);
  for (const row of block.rows) drawRow(row, false);
  pdf.moveDown(0.6);
}

function writeBlock(pdf: Pdf, fonts: DocumentFonts, block: Block) {
  pdf.x = MARGIN;
  switch (block.type) {
    case "heading":
      pdf.moveDown(0.4);
      writeRuns(pdf, fonts, block.runs, { size: headingSizes[block.level - 1] ?? 11, bold: true });
      break;
    case "paragraph":
      writeRuns(pdf, fonts, block.runs, { size: 11 });
      break;
    case "list":
      block.items.forEach((item, i) => {
        pdf.x = MARGIN + 16 * (item.level + 1);
        const marker = block.ordered ? `${i + 1}. ` : "\u2022 ";
        writeRuns(pdf, fonts, [{ text: marker }, ...item.runs], { size: 11 });
      });
      break;
    case "table":
      writeTable(pdf, fonts, block);
      break;
    case "code":
      writePieces(pdf, fonts.pieces(block.text, "mono"), { size: 10 });
      break;
    case "rule":
      pdf
        .moveTo(MARGIN, pdf.y)
        .lineTo(pdf.page.width - MARGIN, pdf.y)
        .stroke("#999999");
      break;
  }
  pdf.moveDown(0.5);
}

/**
 * The document as a PDF: headings, lists, tables and emphasis kept, in every script (the fonts
 * embedded as subsets: Latin, Greek, Cyrillic, Arabic and Hebrew right to left, CJK, emoji).
 */
export function markdownToPdf(title: string, markdown: string): Promise<Buffer> {
  const pdf = new PDFDocument({
    margin: MARGIN,
    size: "A4",
    info: { Title: title, Creator: "NeuroOS" },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  const fonts = documentFonts(pdf);
  for (const block of markdownBlocks(markdown)) writeBlock(pdf, fonts, block);
  pdf.end();
  return done;
}
