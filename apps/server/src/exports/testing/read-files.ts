import { createRequire } from "node:module";
import path from "node:path";
import mammoth from "mammoth";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;

/** A PDF as a reader sees it: its pages' text and the fonts it names (tests only). */
export async function readPdf(bytes: Uint8Array): Promise<{ pages: number; text: string; fonts: string[] }> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl,
  }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    texts.push(
      content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""),
    );
  }
  const raw = Buffer.from(bytes).toString("latin1");
  // An embedded subset is named XXXXXX+Name: the name is what counts.
  const fonts = [
    ...new Set([...raw.matchAll(/\/BaseFont\s*\/(?:[A-Z]{6}\+)?([\w-]+)/g)].map((m) => m[1] ?? "")),
  ];
  await pdf.destroy();
  return { pages: pdf.numPages, text: texts.join("\n"), fonts };
}

/** A Word file as HTML, by a DOCX parser (mammoth): headings, lists, tables and emphasis show (tests only). */
export async function readDocx(bytes: Uint8Array): Promise<string> {
  const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
  return value;
}

/** A PDF's text as poppler's pdftotext reads it (tests only; null when pdftotext is not installed). */
export async function pdfToText(bytes: Uint8Array): Promise<string | null> {
  const { execFile } = await import("node:child_process");
  return new Promise((resolve, reject) => {
    const child = execFile(
      "pdftotext",
      ["-enc", "UTF-8", "-", "-"],
      { encoding: "utf8" },
      (error, stdout) => {
        if (error && (error as NodeJS.ErrnoException).code === "ENOENT") resolve(null);
        else if (error) reject(error);
        else resolve(stdout);
      },
    );
    child.stdin?.end(Buffer.from(bytes));
  });
}
