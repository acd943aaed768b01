// `npm start`: installs what is missing, builds, and serves NeuroOS on http://localhost:8080
// (PORT to change it) with the embedded database in ./data (DATA_DIR to change it).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { EMBEDDINGS_FILE } from "./build-embeddings.mjs";
import { buildIsCurrent, stampBuild } from "./lib/build-stamp.mjs";
import { checkNodeVersion, ensureNpmDependencies } from "./lib/dependencies.mjs";
import { run } from "./lib/run.mjs";
import { ensureSystemPackages, PDF_FONT_PACKAGES } from "./lib/system-packages.mjs";

process.chdir(new URL("..", import.meta.url).pathname);
checkNodeVersion();
ensureNpmDependencies();
// Code runs only in a bubblewrap sandbox: installed here as root; otherwise the apt-get line is
// printed and the server starts with code execution off (it fails closed, with a clear message).
if (!ensureSystemPackages(["bubblewrap", "e2fsprogs"])) {
  console.warn("Code execution and the terminal stay unavailable until bubblewrap is installed.");
}
// Speech from the server, for browsers with no voice of their own.
if (!ensureSystemPackages(["espeak-ng"])) {
  console.warn("Server speech stays unavailable until espeak-ng is installed.");
}
// matplotlib for Python in the sandbox: charts from plt.show() shown under the run.
if (!ensureSystemPackages(["python3-matplotlib"])) {
  console.warn("Python code in the sandbox has no matplotlib until python3-matplotlib is installed.");
}
// Fonts for PDF exports in every script (without them a PDF holds Latin-1 only, the rest as '?').
if (!ensureSystemPackages(PDF_FONT_PACKAGES)) {
  console.warn("PDF exports hold Latin text only until the fonts above are installed.");
}
// A build rewrites apps/web/dist in place: skip it when the sources did not change, so that a
// second `npm start` never breaks a server already serving from it.
const root = process.cwd();
if (buildIsCurrent(root)) {
  console.log("The build is up to date with the sources: not rebuilding.");
} else {
  if (!run("npm", ["run", "build", "--silent"])) process.exit(1);
  stampBuild(root);
}

// Semantic search's local embedder: its word table, derived once from an npm package (offline).
if (!existsSync(EMBEDDINGS_FILE) && !run("node", ["scripts/build-embeddings.mjs"])) process.exit(1);

const server = spawn(process.execPath, ["apps/server/dist/main.js"], {
  stdio: "inherit",
  env: { DATA_DIR: "./data", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
