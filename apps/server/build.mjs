// Bundles the server (and the workspace contracts) into dist/main.js, and the job pool's worker
// thread into dist/worker.js beside it (jobs/pool.ts starts it from there); npm packages stay external.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith("@neuroos/"));

await build({
  absWorkingDir: new URL(".", import.meta.url).pathname,
  entryPoints: { main: "src/main.ts", worker: "src/worker.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external,
  logLevel: "warning",
});
