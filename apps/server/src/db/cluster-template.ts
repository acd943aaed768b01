import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { migrationsFolder, openPglite } from "./client";

/**
 * A new PGlite cluster with every migration applied, dumped (gzip): a new data directory loads it
 * instead of running initdb and the migrations, which cost most of a fresh server's boot (about
 * 7 s of CPU against 1.5 s on a quiet machine; four times that on a busy one).
 */
export async function makeClusterTemplate(): Promise<Blob> {
  const database = await openPglite();
  try {
    await database.migrate();
    return await database.dump();
  } finally {
    await database.close();
  }
}

/** What a template depends on: the migrations and the PGlite build. */
function templateKey(): string {
  const hash = createHash("sha256");
  const folder = migrationsFolder();
  const files = fs.readdirSync(folder, { recursive: true, encoding: "utf8" }).sort();
  for (const file of files) {
    const full = path.join(folder, file);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(file).update("\0").update(fs.readFileSync(full)).update("\0");
  }
  const pglite = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const version = JSON.parse(
    fs.readFileSync(path.join(pglite.slice(0, pglite.lastIndexOf("/dist/")), "package.json"), "utf8"),
  ).version;
  return hash.update(version).digest("hex").slice(0, 16);
}

/** The repository's cache folder (apps/server/drizzle → node_modules/.cache/neuroos). */
const repositoryCache = () => path.resolve(migrationsFolder(), "../../../node_modules/.cache/neuroos");

/**
 * The template of the current migrations as a file under `cacheDir`, made once and kept across
 * runs (tests and test servers start from it); written whole or not at all, so concurrent makers
 * are harmless.
 */
export async function cachedClusterTemplate(cacheDir = repositoryCache()): Promise<string> {
  const file = path.join(cacheDir, `pglite-cluster-${templateKey()}.tar.gz`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(cacheDir, { recursive: true });
  const bytes = Buffer.from(await (await makeClusterTemplate()).arrayBuffer());
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, bytes);
  fs.renameSync(partial, file);
  return file;
}

/** A template file read for `openPglite` (undefined: none). */
export function readClusterTemplate(file: string | undefined): Blob | undefined {
  return file ? new Blob([fs.readFileSync(file)]) : undefined;
}
