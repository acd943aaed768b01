import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { IconifyJSON } from "@iconify/types";
import { getIconData, iconToHTML, iconToSVG } from "@iconify/utils";
import type { SymbolImage } from "@neuroos/contracts";

/** The AAC board's symbols: Fluent Emoji Flat (MIT, Microsoft), from its Iconify JSON package. */
const ICON_SET = "@iconify-json/fluent-emoji-flat/icons.json";
/** Skin-tone variants come after the symbol they vary. */
const TONE = /-(light|medium-light|medium|medium-dark|dark)$/;

/** How well a name matches the query's words (lower is better), or null when one word is missing. */
export function matchRank(name: string, words: string[]): number | null {
  if (words.length === 0 || !words.every((word) => name.includes(word))) return null;
  const parts = name.split("-");
  if (name === words.join("-")) return 0;
  if (words.every((word) => parts.includes(word))) return 1;
  if (words.every((word) => parts.some((part) => part.startsWith(word)))) return 2;
  return 3;
}

/**
 * The symbol set, read from its package on first use (about 9 MB of JSON, so it stays on the
 * server): search by name, and each symbol as a standalone SVG built from the icon's body.
 */
export class SymbolLibrary {
  private loaded: Promise<IconifyJSON> | null = null;

  constructor(private readonly file = createRequire(import.meta.url).resolve(ICON_SET)) {}

  private iconSet(): Promise<IconifyJSON> {
    this.loaded ??= readFile(this.file, "utf8").then((text) => JSON.parse(text) as IconifyJSON);
    return this.loaded;
  }

  /** Up to `limit` symbols whose names hold every word of the query, best matches first. */
  async search(query: string, limit: number): Promise<SymbolImage[]> {
    const set = await this.iconSet();
    const words = query
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    const found: { name: string; rank: number }[] = [];
    for (const name of Object.keys(set.icons)) {
      const rank = matchRank(name, words);
      if (rank !== null) found.push({ name, rank: rank + (TONE.test(name) ? 4 : 0) });
    }
    found.sort((a, b) => a.rank - b.rank || a.name.length - b.name.length || a.name.localeCompare(b.name));
    return this.images(
      set,
      found.slice(0, limit).map((f) => f.name),
    );
  }

  /** The named symbols that exist, in the order asked. */
  async get(names: string[]): Promise<SymbolImage[]> {
    return this.images(await this.iconSet(), names);
  }

  private images(set: IconifyJSON, names: string[]): SymbolImage[] {
    const images: SymbolImage[] = [];
    for (const name of new Set(names)) {
      const icon = getIconData(set, name);
      if (!icon) continue;
      const { attributes, body } = iconToSVG(icon, { height: "auto" });
      images.push({ name, svg: iconToHTML(body, attributes) });
    }
    return images;
  }
}
