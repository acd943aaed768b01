import { existsSync, readFileSync } from "node:fs";
import * as fontkit from "fontkit";

type Pdf = PDFKit.PDFDocument;

/** How a run is set: the body's four faces, or code. */
export type Face = "regular" | "bold" | "italic" | "boldItalic" | "mono";

const NOTO = "/usr/share/fonts/truetype/noto";
const CJK = "/usr/share/fonts/opentype/noto";
/**
 * The font files (Debian's fonts-noto-core, fonts-noto-cjk, fonts-dejavu-core, fonts-symbola, which
 * the project's scripts install): each face, then the scripts it lacks, in the order tried.
 */
const FILES = {
  regular: `${NOTO}/NotoSans-Regular.ttf`,
  bold: `${NOTO}/NotoSans-Bold.ttf`,
  italic: `${NOTO}/NotoSans-Italic.ttf`,
  boldItalic: `${NOTO}/NotoSans-BoldItalic.ttf`,
  mono: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
  arabic: `${NOTO}/NotoSansArabic-Regular.ttf`,
  arabicBold: `${NOTO}/NotoSansArabic-Bold.ttf`,
  hebrew: `${NOTO}/NotoSansHebrew-Regular.ttf`,
  hebrewBold: `${NOTO}/NotoSansHebrew-Bold.ttf`,
  cjk: `${CJK}/NotoSansCJK-Regular.ttc`,
  cjkBold: `${CJK}/NotoSansCJK-Bold.ttc`,
  symbols: "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf",
} as const;
type FontName = keyof typeof FILES;
/** The face of a collection (TTC) the PDF uses: Japanese glyph forms, one of the CJK faces. */
const COLLECTION_FACE: Partial<Record<FontName, string>> = {
  cjk: "NotoSansCJKjp-Regular",
  cjkBold: "NotoSansCJKjp-Bold",
};
/** The PDF standard fonts (Latin-1 only) when a face's file is missing. */
const STANDARD: Record<Face, string> = {
  regular: "Helvetica",
  bold: "Helvetica-Bold",
  italic: "Helvetica-Oblique",
  boldItalic: "Helvetica-BoldOblique",
  mono: "Courier",
};
const bold = (face: Face) => face === "bold" || face === "boldItalic";
const HEBREW = /[\u0590-\u05ff\ufb1d-\ufb4f]/u;
const ARABIC = /[\u0600-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/u;
const CJK_RANGE =
  /[\u1100-\u11ff\u2e80-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u{20000}-\u{3134f}]/u;
/**
 * After the face itself, the fonts tried for a character it lacks: its script's font (so the large
 * CJK one is read only for CJK text), then Noto Sans (code's rare letters), then the symbols.
 */
function fallbacks(face: Face, char: string): FontName[] {
  const b = bold(face);
  const script: FontName[] = HEBREW.test(char)
    ? [b ? "hebrewBold" : "hebrew"]
    : ARABIC.test(char)
      ? [b ? "arabicBold" : "arabic"]
      : CJK_RANGE.test(char)
        ? [b ? "cjkBold" : "cjk"]
        : [];
  return [...script, b ? "bold" : "regular", "symbols"];
}

interface Loaded {
  bytes: Buffer;
  covers: (codePoint: number) => boolean;
}
/** Fonts read once per process (a worker's), on first use; null when the file is missing. */
const loaded = new Map<FontName, Loaded | null>();
function load(name: FontName): Loaded | null {
  if (!loaded.has(name)) {
    const file = FILES[name];
    if (!existsSync(file)) loaded.set(name, null);
    else {
      const bytes = readFileSync(file);
      const opened = fontkit.create(bytes, COLLECTION_FACE[name]) as fontkit.Font;
      loaded.set(name, { bytes, covers: (cp) => opened.hasGlyphForCodePoint(cp) });
    }
  }
  return loaded.get(name) ?? null;
}

/** A piece of a run in one font (registered on the document under its name). */
export interface Piece {
  font: string;
  text: string;
}

const WINANSI = /[\t\n\x20-\x7e\xa0-\xff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/;
/** Joiners, direction marks and variation selectors (an emoji's VS16): nothing to draw. */
const zeroWidth = (cp: number) =>
  (cp >= 0x200b && cp <= 0x200f) ||
  (cp >= 0x2028 && cp <= 0x202e) ||
  (cp >= 0x2060 && cp <= 0x2064) ||
  (cp >= 0xfe00 && cp <= 0xfe0f);

/**
 * The fonts of one PDF document: `pieces` splits a run into pieces each in a font that has its
 * characters (Latin, Greek, Cyrillic in Noto Sans; Arabic, Hebrew, CJK and emoji in theirs),
 * registering each font on the document when first used. What no font has becomes '?'.
 */
export function documentFonts(pdf: Pdf) {
  const registered = new Set<FontName>();
  const use = (name: FontName): string | null => {
    const font = load(name);
    if (!font) return null;
    if (!registered.has(name)) {
      pdf.registerFont(name, font.bytes, COLLECTION_FACE[name]);
      registered.add(name);
    }
    return name;
  };
  const fontFor = (face: Face, char: string): { font: string; text: string } => {
    // Line breaks and tabs are layout, not glyphs: they stay as they are.
    if (/[\n\r\t]/.test(char)) return { font: use(face) ?? STANDARD[face], text: char };
    const cp = char.codePointAt(0) ?? 0;
    for (const name of [face as FontName, ...fallbacks(face, char)]) {
      const font = load(name);
      if (font?.covers(cp)) return { font: use(name) ?? STANDARD[face], text: char };
    }
    if (!load(face)) return { font: STANDARD[face], text: WINANSI.test(char) ? char : "?" };
    return { font: use(face) ?? STANDARD[face], text: zeroWidth(cp) ? "" : "?" };
  };
  return {
    /** The pieces of `text` set in `face`; white space stays in the font before it. */
    pieces(text: string, face: Face): Piece[] {
      const out: Piece[] = [];
      for (const char of text) {
        const last = out.at(-1);
        const chosen = /\s/.test(char) && last ? { font: last.font, text: char } : fontFor(face, char);
        if (!chosen.text) continue;
        if (last && last.font === chosen.font) last.text += chosen.text;
        else out.push({ ...chosen });
      }
      return out;
    },
  };
}
export type DocumentFonts = ReturnType<typeof documentFonts>;
