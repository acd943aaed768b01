// `npm test`: lint, type-check, build, unit + integration tests (PGlite and PostgreSQL),
// then browser tests. Every step runs; the exit code says whether all passed.
import { existsSync } from "node:fs";
import { EMBEDDINGS_FILE } from "./build-embeddings.mjs";
import { checkNodeVersion, ensureNpmDependencies } from "./lib/dependencies.mjs";
import { run } from "./lib/run.mjs";
import { ensureSystemPackages } from "./lib/system-packages.mjs";

process.chdir(new URL("..", import.meta.url).pathname);
checkNodeVersion();
ensureNpmDependencies();

const failed = [];
const step = (name, command, args) => {
  console.log(`\n=== ${name} ===`);
  if (!run(command, args)) failed.push(name);
};

step("lint (biome)", "npx", ["biome", "check", "."]);
step("structure (file sizes, feature boundaries)", "node", ["scripts/check-structure.mjs"]);
step("type-check (tsc)", "npm", ["run", "typecheck", "--silent"]);
step("build", "npm", ["run", "build", "--silent"]);
// The local embedder's word table (semantic search), built once from an npm package.
if (!existsSync(EMBEDDINGS_FILE)) step("embeddings table", "node", ["scripts/build-embeddings.mjs"]);
// The sandbox tests need bubblewrap, the speech tests espeak-ng: installed here as root, else the
// apt-get line is printed.
ensureSystemPackages(["bubblewrap", "e2fsprogs", "espeak-ng"]);
step("unit and integration tests (vitest)", "npx", ["vitest", "run"]);
if (ensureSystemPackages(["chromium"])) {
  step("browser tests (playwright)", "npx", ["playwright", "test"]);
} else {
  console.warn("SKIPPED: browser tests (chromium is not installed; see the apt-get line above).");
}

if (failed.length > 0) {
  console.error(`\nFailed steps: ${failed.join(", ")}`);
  process.exit(1);
}
