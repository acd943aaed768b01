import fs from "node:fs";
import path from "node:path";
import { type CatalogueEntry, catalogueEntrySchema } from "@neuroos/contracts";

/** A catalogue entry the server cannot ship: the message names its file and what is wrong. */
export class CatalogueError extends Error {
  override name = "CatalogueError";
}

/** Ids the marketplace's routes use for themselves, and the shape published entries' ids have. */
const RESERVED_IDS = new Set(["publishable", "entries"]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The catalogue that ships with the product (apps/server/catalogue), found from src or dist. */
export function defaultCatalogueDir(): string {
  let dir = path.dirname(new URL(import.meta.url).pathname);
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, "catalogue");
    if (fs.existsSync(candidate) && fs.statSync(candidate).isDirectory()) return candidate;
    dir = path.dirname(dir);
  }
  throw new CatalogueError("Marketplace catalogue apps/server/catalogue not found");
}

/**
 * Reads the catalogue, one `<id>.json` per entry, each checked by the contracts' schema: the
 * first bad entry stops the boot with one line naming its file, field and fault.
 */
export function loadCatalogue(dir: string): CatalogueEntry[] {
  let files: string[];
  try {
    files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort();
  } catch (err) {
    throw new CatalogueError(
      `Marketplace catalogue ${dir} cannot be read (${(err as NodeJS.ErrnoException).code ?? "error"})`,
    );
  }
  return files.map((file) => {
    const fail = (why: string) => new CatalogueError(`Marketplace catalogue entry ${file}: ${why}`);
    let raw: unknown;
    try {
      raw = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
    } catch (err) {
      throw fail(`not valid JSON (${(err as Error).message})`);
    }
    const parsed = catalogueEntrySchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw fail(`${issue?.path.join(".") || "entry"}: ${issue?.message ?? "invalid"}`);
    }
    const entry = parsed.data;
    if (`${entry.id}.json` !== file) throw fail(`its id '${entry.id}' must be the file's name`);
    if (RESERVED_IDS.has(entry.id) || UUID.test(entry.id)) throw fail(`the id '${entry.id}' is reserved`);
    return entry;
  });
}

/** Entries whose payload names something this server does not have (an embedding model...). */
export function checkCatalogue(entries: CatalogueEntry[], known: { embeddingModels: string[] }): void {
  for (const entry of entries) {
    if (entry.kind === "embedding-model" && !known.embeddingModels.includes(entry.payload.modelId))
      throw new CatalogueError(
        `Marketplace catalogue entry ${entry.id}.json: payload.modelId: no embedding model '${entry.payload.modelId}' (known: ${known.embeddingModels.join(", ")})`,
      );
  }
}
