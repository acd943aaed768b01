import fs from "node:fs";
import path from "node:path";
import { localModelCatalog } from "@neuroos/contracts";

export interface InstalledModel {
  /** The catalog name, or the file name without `.gguf`. */
  name: string;
  file: string;
  path: string;
  sizeBytes: number;
}

/** GGUF files in DATA_DIR/models (partial downloads live in a subfolder and are not listed). */
export function listInstalled(modelsDir: string): InstalledModel[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(modelsDir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isFile() && e.name.toLowerCase().endsWith(".gguf"))
    .map((e) => {
      const full = path.join(modelsDir, e.name);
      const catalog = localModelCatalog.find((m) => m.file === e.name);
      return {
        name: catalog?.name ?? e.name.replace(/\.gguf$/i, ""),
        file: e.name,
        path: full,
        sizeBytes: fs.statSync(full).size,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The installed model called `name` (catalog name, file name, or file name without .gguf). */
export function findInstalled(modelsDir: string, name: string): InstalledModel | null {
  const wanted = name.toLowerCase();
  return (
    listInstalled(modelsDir).find(
      (m) => m.name.toLowerCase() === wanted || m.file.toLowerCase() === wanted,
    ) ?? null
  );
}
