import { createRequire } from "node:module";
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { markdownToPdf } from "./pdf";

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;

/** Where on the page each drawn piece of text starts (x, y), by its characters. */
async function placed(markdown: string) {
  const pdf = await getDocument({
    data: new Uint8Array(await markdownToPdf("t", markdown)),
    disableFontFace: true,
    standardFontDataUrl,
  }).promise;
  const { items } = await (await pdf.getPage(1)).getTextContent();
  await pdf.destroy();
  return items.flatMap((item) =>
    "str" in item && item.str.trim()
      ? [{ text: item.str, x: item.transform[4] as number, y: item.transform[5] as number }]
      : [],
  );
}
describe("PDF: right-to-left paragraphs", () => {
  // pdf.js puts a line's pieces back into reading order by where they stand: drawn in the wrong
  // visual order, the words would read back reversed.
  it("a Hebrew line reads from the right, aligned to the right margin", async () => {
    const [line] = await placed("שלום עולם יפה");
    expect(line?.text).toBe("שלום עולם יפה");
    expect(line?.x).toBeGreaterThan(400); // an A4 page is 595 pt wide
  });

  it("English inside Hebrew keeps its own order; a Latin paragraph stays left to right", async () => {
    const pieces = await placed("אחד big world, שתיים\n\nplain words here");
    const x = (text: string) => pieces.find((p) => p.text.trim() === text)?.x ?? Number.NaN;
    // From the right: the first Hebrew word, then the English words left to right, then the last.
    expect(x("אחד")).toBeGreaterThan(x("big world,"));
    expect(x("big world,")).toBeGreaterThan(x("שתיים"));
    expect(x("plain words here")).toBeLessThan(100);
  });

  it("a long Arabic paragraph wraps: its first words on the first line, its last on the last", async () => {
    const words = Array.from({ length: 60 }, (_, i) => (i % 2 ? "مرحبا" : "عالم"));
    const lines = await placed(`أول ${words.join(" ")} آخر`);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[0]?.text.startsWith("أول ")).toBe(true);
    expect(lines.at(-1)?.text.endsWith(" آخر")).toBe(true);
    expect(
      lines
        .map((l) => l.text)
        .join(" ")
        .split(" "),
    ).toHaveLength(62);
  });
});
