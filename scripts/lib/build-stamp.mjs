// Whether the built app (apps/web/dist, apps/server/dist) was built from the sources as they
// are now: `npm start` skips the build when it was, so a second `npm start` in the same checkout
// never rewrites the folders a running server is serving from.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** What the build reads: sources, configs, and the lock file (dependency versions). */
const INPUTS = [
  "package-lock.json",
  "packages/contracts",
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/package.json",
  "apps/server/src",
  "apps/server/drizzle",
  "apps/server/build.mjs",
  "apps/server/package.json",
];
const STAMPS = ["apps/web/dist/.build-inputs", "apps/server/dist/.build-inputs"];

function* filesUnder(root, rel) {
  const full = path.join(root, rel);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    yield rel;
    return;
  }
  for (const entry of readdirSync(full).sort()) {
    if (entry === "node_modules" || entry === "dist") continue;
    yield* filesUnder(root, path.join(rel, entry));
  }
}

/** One hash of every build input's path and content. */
export function buildInputsHash(root) {
  const hash = createHash("sha256");
  for (const input of INPUTS) {
    for (const file of filesUnder(root, input)) {
      hash
        .update(file)
        .update("\0")
        .update(readFileSync(path.join(root, file)))
        .update("\0");
    }
  }
  return hash.digest("hex");
}

/** True when both built folders carry the stamp of the inputs as they are now. */
export function buildIsCurrent(root) {
  const current = buildInputsHash(root);
  return STAMPS.every((stamp) => {
    try {
      return readFileSync(path.join(root, stamp), "utf8").trim() === current;
    } catch {
      return false;
    }
  });
}

/** Records that the built folders match the inputs as they are now (after a successful build). */
export function stampBuild(root) {
  const current = buildInputsHash(root);
  for (const stamp of STAMPS) writeFileSync(path.join(root, stamp), `${current}\n`);
}
