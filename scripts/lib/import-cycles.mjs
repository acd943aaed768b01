// The import cycles between the top folders of a source tree, for scripts/check-structure.mjs.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** An import or re-export (of values or types) of a path: relative, or under the web's "@/" (apps/web/src/). */
const LOCAL_IMPORT = /(?:^|\n)\s*(?:import|export)[^;]*?from\s*"((?:\.|@\/)[^"]+)"/g;
const WEB_SRC = "apps/web/src";

/**
 * Where an import of `spec` from `file` (both relative to the repository `root`, or absolute)
 * leads, as an absolute path; null for a package. "@/x" is the web's apps/web/src/x.
 */
export function resolveImport(root, file, spec) {
  if (spec.startsWith("@/")) return path.resolve(root, WEB_SRC, spec.slice(2));
  if (spec.startsWith(".")) return path.resolve(root, path.dirname(file), spec);
  return null;
}
/** Code for tests only (tests, their helpers and fixtures): above every floor, as the composition root is. */
const TEST_CODE = /\.test\.tsx?$|(?:^|[\\/])(?:test|testing|durability)[\\/]/;

/** The top folder under `root` a path is in; null for a file at the root itself. */
function topFolder(root, file) {
  const parts = path.relative(root, file).split(path.sep);
  if (parts[0] === ".." || parts[0] === "") return null;
  if (parts.length > 1) return parts[0];
  return existsSync(file) && statSync(file).isDirectory() ? parts[0] : null;
}

/**
 * Each cycle among `root`'s top folders made by the imports of `files` (test code left out), as
 * one line naming the folders and, for each step, one import that makes it.
 */
export function importCycles(repo, root, files) {
  const edges = new Map();
  for (const file of files) {
    if (TEST_CODE.test(path.relative(root, file))) continue;
    const from = topFolder(root, file);
    if (!from) continue;
    for (const [, spec] of readFileSync(file, "utf8").matchAll(LOCAL_IMPORT)) {
      const to = topFolder(root, resolveImport(repo, file, spec));
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, `${path.relative(root, file)} → "${spec}"`);
    }
  }
  // Tarjan's strongly connected components: each of more than one folder is a cycle.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const cycles = [];
  const visit = (v) => {
    index.set(v, index.size);
    low.set(v, index.get(v));
    stack.push(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const members = stack.splice(stack.indexOf(v));
    if (members.length < 2) return;
    const steps = members.flatMap((a) =>
      members.filter((b) => edges.get(a)?.has(b)).map((b) => `${a} → ${b} (${edges.get(a).get(b)})`),
    );
    cycles.push(`${members.sort().join(", ")}: ${steps.join("; ")}`);
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return cycles;
}
