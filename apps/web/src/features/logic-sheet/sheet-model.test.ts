import { describe, expect, it } from "vitest";
import { columnSums, emptySheet, importCsv, normalizeSheet, parseClipboard, writeBlock } from "./sheet-model";

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

describe("the sheet", () => {
  it("sums a column without its header row; text counts 0; two decimals", () => {
    const sheet = writeBlock(emptySheet(), 0, 0, [
      ["Cost", "Label"],
      ["1.5", "x"],
      ["abc", "2"],
      ["-0.25", ""],
      ["1,000", ""],
    ]);
    expect(columnSums(sheet).slice(0, 3)).toEqual(["1001.25", "2.00", "0.00"]);
    expect(columnSums(writeBlock(emptySheet(), 0, 0, [["100"]]))[0]).toBe("0.00");
  });

  it("is always 10 × 6: blocks past the edge and stored junk are cut or blanked", () => {
    const sheet = writeBlock(emptySheet(), 9, 5, [["a", "b"], ["c"]]);
    expect(sheet[9]?.[5]).toBe("a");
    expect(sheet).toHaveLength(10);
    expect(normalizeSheet([[1, null, "x"], "junk"])[0]?.slice(0, 3)).toEqual(["1", "", "x"]);
    expect(normalizeSheet("nope")).toEqual(emptySheet());
  });

  it("reads a block from the clipboard (tab-separated, quoted cells) and CSV files, refusing what is not text", () => {
    expect(parseClipboard('a\t"b\nc"\r\nd\te\n')).toEqual([
      ["a", "b\nc"],
      ["d", "e"],
    ]);
    const big = importCsv(bytes(Array.from({ length: 12 }, (_, i) => `${i},x`).join("\n")), "big.csv");
    expect(big).toMatchObject({ ok: true, cut: true });
    expect(importCsv(bytes("a,b\n1,2"), "small.csv")).toEqual({
      ok: true,
      rows: [
        ["a", "b"],
        ["1", "2"],
      ],
      cut: false,
    });
    expect(importCsv(new Uint8Array([0xff, 0xfe, 0x00, 0x41]).buffer, "bin.csv")).toEqual({
      ok: false,
      reason: "bin.csv is not a CSV file: it is not text.",
    });
    expect(importCsv(bytes("a\u0000b"), "nul.csv")).toMatchObject({ ok: false });
    expect(importCsv(bytes("  \n"), "empty.csv")).toEqual({ ok: false, reason: "empty.csv is empty." });
  });
});
