// Guard rails of the code layout, run by `npm test` (and on its own: node scripts/check-structure.mjs):
//  - no source file over 400 lines (tests and generated migrations aside): split it by what it does;
//  - a web feature (apps/web/src/features/<name>/) reaches another feature only through that
//    feature's public module, its index.ts: `@/features/<other>`, never `@/features/<other>/<internal file>`;
//  - no import cycle between server folders (apps/server/src/<folder>/; imports of values and of
//    types; test code aside) nor between web features: each folder's imports form floors;
//  - on the web, only lib/ reaches the server (lib/resources/<resource>.ts for the API; lib/api.ts
//    itself): a screen, a component or a feature imports a resource, never apiRequest, getQueryFn
//    or throwIfNotOk, and never fetches an /api address itself;
//  - the web's floors: lib/ below components/ below features/ below the shell (app/); nothing
//    imports from a floor above its own (the shell hands the screens down through a context);
//  - docs/ARCHITECTURE.md stays a map (at most 200 lines), not a diary.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { importCycles, resolveImport } from "./lib/import-cycles.mjs";

const MAX_LINES = 400;
const MAP = { file: "docs/ARCHITECTURE.md", maxLines: 200 };
// The repository (a test points it at a tree of its own).
const root = process.env.STRUCTURE_ROOT ?? path.resolve(import.meta.dirname, "..");
const sourceRoots = ["apps/server/src", "apps/web/src", "packages/contracts/src"];
const featuresDir = "apps/web/src/features";
/** Web code above lib/ (features, components, the shell): it reaches the server through lib/resources only. */
const aboveLib = /^apps\/web\/src\/(features|components|app)\//;
/** The web's floors, lowest first: a file imports only from its own floor or those below. */
const WEB_FLOORS = ["lib", "components", "features", "app"];
const webFloor = (rel) => WEB_FLOORS.indexOf(rel.split("/")[3]);
const API_CALLS = /\b(?:apiRequest|getQueryFn|throwIfNotOk)\b|fetch\(\s*[`"']\/api/;
/** The shell's default query function (a query given only a key) is the one exception. */
const API_CALLERS_ALLOWED = new Set(["apps/web/src/app/query-client.ts"]);

function* files(dir) {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(rel);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield rel;
  }
}

const lineCount = (text) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

const problems = [];
const mapLines = lineCount(readFileSync(path.join(root, MAP.file), "utf8"));
if (mapLines > MAP.maxLines)
  problems.push(
    `${MAP.file}: ${mapLines} lines (at most ${MAP.maxLines}: a map of the code; history is the git log)`,
  );
for (const dir of sourceRoots) {
  for (const file of files(dir)) {
    if (/\.test\.tsx?$/.test(file) || file.includes("/migrations/")) continue;
    const text = readFileSync(path.join(root, file), "utf8");
    const lines = lineCount(text);
    if (lines > MAX_LINES)
      problems.push(`${file}: ${lines} lines (at most ${MAX_LINES}; split it by what it does)`);
    if (aboveLib.test(file) && !API_CALLERS_ALLOWED.has(file) && API_CALLS.test(text))
      problems.push(`${file}: calls the server itself (use or add a lib/resources/<resource>.ts for it)`);
    if (file.startsWith("apps/web/src/") && webFloor(file) >= 0)
      for (const match of text.matchAll(/(?:from|import)\s*\(?\s*"((?:\.|@\/)[^"]+)"/g)) {
        const target = path.relative(root, resolveImport(root, file, match[1]));
        if (target.startsWith("apps/web/src/") && webFloor(target) > webFloor(file))
          problems.push(
            `${file}: imports "${match[1]}" from a floor above its own (${WEB_FLOORS.join(" < ")})`,
          );
      }
    if (!file.startsWith(`${featuresDir}/`)) continue;
    const feature = file.slice(featuresDir.length + 1).split("/")[0];
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
      const spec = match[1];
      const resolved = resolveImport(root, file, spec);
      if (!resolved) continue;
      const target = path.relative(path.join(root, featuresDir), resolved);
      if (target.startsWith("..")) continue; // outside the features: lib/, components/, app/
      const [other, ...rest] = target.split(path.sep);
      if (other !== feature && rest.length > 0 && rest.join("/") !== "index")
        problems.push(
          `${file}: imports "${spec}", an internal file of the feature '${other}' (import "@/features/${other}")`,
        );
    }
  }
}

for (const { dir, name } of [
  { dir: "apps/server/src", name: "server folders" },
  { dir: featuresDir, name: "web features" },
])
  for (const cycle of importCycles(
    root,
    path.join(root, dir),
    [...files(dir)].map((f) => path.join(root, f)),
  ))
    problems.push(`an import cycle between ${name}: ${cycle}`);

if (problems.length > 0) {
  console.error(`Structure check failed:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(
  `Structure check passed: no file over ${MAX_LINES} lines; features meet only through their index.ts; only lib/ calls the API; the web's floors hold (${WEB_FLOORS.join(" < ")}); no import cycles between server folders or web features; ${MAP.file} ${mapLines} lines.`,
);
