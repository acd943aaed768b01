import { parseCsv, SHEET_CELL_MAX, SHEET_COLUMNS, SHEET_ROWS, type SheetContent } from "@neuroos/contracts";

/** Spec: columns A-F. */
export const COLUMN_NAMES = Array.from({ length: SHEET_COLUMNS }, (_, i) => String.fromCharCode(65 + i));

export const emptySheet = (): SheetContent =>
  Array.from({ length: SHEET_ROWS }, () => Array.from({ length: SHEET_COLUMNS }, () => ""));

/** Any stored or pasted rows as exactly 10 × 6 strings (more is cut, less is blank). */
export function normalizeSheet(rows: unknown): SheetContent {
  const sheet = emptySheet();
  if (!Array.isArray(rows)) return sheet;
  rows.slice(0, SHEET_ROWS).forEach((row, r) => {
    if (!Array.isArray(row)) return;
    row.slice(0, SHEET_COLUMNS).forEach((cell, c) => {
      (sheet[r] as string[])[c] = String(cell ?? "").slice(0, SHEET_CELL_MAX);
    });
  });
  return sheet;
}

/** Whether rows would lose something in a 10 × 6 grid. */
export const exceedsGrid = (rows: string[][], top = 0, left = 0) =>
  rows.length + top > SHEET_ROWS || rows.some((row) => row.length + left > SHEET_COLUMNS);

/** Spec: a column's sum skips the header row; what is not a number counts 0; two decimals. */
export function columnSums(sheet: SheetContent): string[] {
  return COLUMN_NAMES.map((_, c) => {
    let sum = 0;
    for (const row of sheet.slice(1)) {
      const value = Number((row[c] ?? "").trim().replace(/,/g, ""));
      if ((row[c] ?? "").trim() !== "" && Number.isFinite(value)) sum += value;
    }
    return sum.toFixed(2);
  });
}

/** A block of rows written into the sheet from a cell on; what falls outside the grid is cut. */
export function writeBlock(sheet: SheetContent, top: number, left: number, block: string[][]): SheetContent {
  const next = sheet.map((row) => [...row]);
  block.forEach((row, r) => {
    row.forEach((cell, c) => {
      const target = next[top + r];
      if (target && left + c < SHEET_COLUMNS) target[left + c] = cell.slice(0, SHEET_CELL_MAX);
    });
  });
  return next;
}

export interface Range {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** The cells of a range, row by row. */
export const rangeCells = (sheet: SheetContent, range: Range) =>
  sheet.slice(range.top, range.bottom + 1).map((row) => row.slice(range.left, range.right + 1));

/** Tab-separated text from the clipboard (what spreadsheets copy) as rows. */
export const parseClipboard = (text: string): string[][] => parseCsv(text.replace(/\r?\n$/, ""), "\t");

export type ImportResult = { ok: true; rows: string[][]; cut: boolean } | { ok: false; reason: string };

/** A CSV file as rows: refused when it is not text or not CSV; cut to the grid (said so). */
export function importCsv(bytes: ArrayBuffer, name: string): ImportResult {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, reason: `${name} is not a CSV file: it is not text.` };
  }
  if (text.includes("\u0000"))
    return { ok: false, reason: `${name} is not a CSV file: it holds binary data.` };
  if (!text.trim()) return { ok: false, reason: `${name} is empty.` };
  const rows = parseCsv(text).filter((row) => row.some((cell) => cell.trim() !== ""));
  if (rows.length === 0) return { ok: false, reason: `${name} has no rows.` };
  return { ok: true, rows, cut: exceedsGrid(rows) };
}
