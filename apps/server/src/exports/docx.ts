import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from "docx";
import { type Block, markdownBlocks, type Run } from "./markdown-blocks";

const headings = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
];

const runs = (list: Run[], bold = false) =>
  list.flatMap((run) =>
    run.text.split("\n").map(
      (text, i) =>
        new TextRun({
          text,
          bold: bold || run.bold,
          italics: run.italic,
          font: run.code ? "Courier New" : undefined,
          break: i > 0 ? 1 : undefined,
        }),
    ),
  );

const border = { style: BorderStyle.SINGLE, size: 4, color: "999999" };

function table(block: Extract<Block, { type: "table" }>): Table {
  const row = (cells: Run[][], header: boolean) =>
    new TableRow({
      tableHeader: header,
      children: cells.map(
        (cell) =>
          new TableCell({
            borders: { top: border, bottom: border, left: border, right: border },
            children: [new Paragraph({ children: runs(cell, header) })],
          }),
      ),
    });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [row(block.header, true), ...block.rows.map((cells) => row(cells, false))],
  });
}

function blockParts(block: Block): (Paragraph | Table)[] {
  switch (block.type) {
    case "heading":
      return [new Paragraph({ heading: headings[block.level - 1], children: runs(block.runs) })];
    case "paragraph":
      return [new Paragraph({ children: runs(block.runs) })];
    case "list":
      return block.items.map((item) =>
        block.ordered
          ? new Paragraph({
              numbering: { reference: "numbered", level: item.level },
              children: runs(item.runs),
            })
          : new Paragraph({ bullet: { level: item.level }, children: runs(item.runs) }),
      );
    case "table":
      return [table(block), new Paragraph({})];
    case "code":
      return block.text
        .split("\n")
        .map((line) => new Paragraph({ children: [new TextRun({ text: line, font: "Courier New" })] }));
    case "rule":
      return [new Paragraph({ border: { bottom: border }, children: [] })];
  }
}

/** The document as a Word file (.docx): headings, lists, tables and emphasis kept. */
export async function markdownToDocx(title: string, markdown: string): Promise<Buffer> {
  const document = new Document({
    title,
    creator: "NeuroOS",
    numbering: {
      config: [
        {
          reference: "numbered",
          levels: [0, 1, 2, 3].map((level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1}.`,
            alignment: AlignmentType.START,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [{ children: markdownBlocks(markdown).flatMap(blockParts) }],
  });
  return Packer.toBuffer(document);
}
