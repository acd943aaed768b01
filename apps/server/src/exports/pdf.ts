import PDFDocument from "pdfkit";
import { type Block, markdownBlocks, plain, type Run } from "./markdown-blocks";

type Pdf = PDFKit.PDFDocument;

const MARGIN = 56;
const headingSizes = [22, 18, 15, 13, 12, 11];

/** The standard PDF fonts hold Latin-1 (WinAnsi) only: other characters become '?'. */
const printable = (text: string) =>
  text.replace(/[^\t\n\x20-\x7e\xa0-\xff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g, "?");

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

function fontOf(run: Run, bold = false): string {
  if (run.code) return "Courier";
  const b = bold || run.bold;
  if (b && run.italic) return "Helvetica-BoldOblique";
  if (b) return "Helvetica-Bold";
  if (run.italic) return "Helvetica-Oblique";
  return "Helvetica";
}

/** Writes runs as one paragraph, each in its font. */
function writeRuns(
  pdf: Pdf,
  runs: Run[],
  options: { size: number; bold?: boolean; indent?: number; width?: number },
) {
  const pieces = runs.length > 0 ? runs : [{ text: "" }];
  const width = options.width ?? pdf.page.width - MARGIN - pdf.x;
  pdf.fontSize(options.size);
  pieces.forEach((run, i) => {
    pdf.font(fontOf(run, options.bold));
    pdf.text(fitWords(pdf, printable(run.text), width), {
      continued: i < pieces.length - 1,
      indent: i === 0 ? options.indent : undefined,
      width: options.width,
    });
  });
}

function writeTable(pdf: Pdf, block: Extract<Block, { type: "table" }>) {
  const columns = Math.max(block.header.length, ...block.rows.map((row) => row.length));
  const width = (pdf.page.width - 2 * MARGIN) / columns;
  const padding = 4;
  const drawRow = (cells: Run[][], header: boolean) => {
    pdf.fontSize(10).font(header ? "Helvetica-Bold" : "Helvetica");
    const inner = width - 2 * padding;
    const texts = cells.map((cell) => fitWords(pdf, printable(plain(cell)), inner));
    const height =
      Math.max(...texts.map((text) => pdf.heightOfString(text || " ", { width: inner }))) + 2 * padding;
    if (pdf.y + height > pdf.page.height - MARGIN) pdf.addPage();
    const top = pdf.y;
    cells.forEach((cell, i) => {
      const x = MARGIN + i * width;
      pdf.rect(x, top, width, height).stroke("#999999");
      pdf.x = x + padding;
      pdf.y = top + padding;
      writeRuns(pdf, cell, { size: 10, bold: header, width: inner });
    });
    pdf.x = MARGIN;
    pdf.y = top + height;
  };
  drawRow(block.header, true);
  for (const row of block.rows) drawRow(row, false);
  pdf.moveDown(0.6);
}

function writeBlock(pdf: Pdf, block: Block) {
  pdf.x = MARGIN;
  switch (block.type) {
    case "heading":
      pdf.moveDown(0.4);
      writeRuns(pdf, block.runs, { size: headingSizes[block.level - 1] ?? 11, bold: true });
      break;
    case "paragraph":
      writeRuns(pdf, block.runs, { size: 11 });
      break;
    case "list":
      block.items.forEach((item, i) => {
        pdf.x = MARGIN + 16 * (item.level + 1);
        const marker = block.ordered ? `${i + 1}. ` : "\u2022 ";
        writeRuns(pdf, [{ text: marker }, ...item.runs], { size: 11 });
      });
      break;
    case "table":
      writeTable(pdf, block);
      break;
    case "code":
      pdf.font("Courier").fontSize(10).text(printable(block.text));
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

/** The document as a PDF: headings, lists, tables and emphasis kept (standard fonts). */
export function markdownToPdf(title: string, markdown: string): Promise<Buffer> {
  const pdf = new PDFDocument({
    margin: MARGIN,
    size: "A4",
    info: { Title: printable(title), Creator: "NeuroOS" },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  for (const block of markdownBlocks(markdown)) writeBlock(pdf, block);
  pdf.end();
  return done;
}
