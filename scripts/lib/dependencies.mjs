// Installs the npm dependencies when node_modules is missing or older than package-lock.json.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { run } from "./run.mjs";

const stampFile = "node_modules/.neuroos-lock-hash";

function lockHash() {
  return createHash("sha256").update(readFileSync("package-lock.json")).digest("hex");
}

export function checkNodeVersion() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`NeuroOS needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
    process.exit(1);
  }
}

export function ensureNpmDependencies() {
  const wanted = lockHash();
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === wanted) return;
  // `npm install` follows package-lock.json. (npm 11's `npm ci` refuses this lock file: it
  // expects entries for the other platforms' optional binaries, which npm 11 does not record.)
  console.log("Installing npm dependencies (npm install, from package-lock.json)...");
  const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };
  // Native addons (node-pty) build against this Node's own headers when it ships them, so the
  // build does not need to download them.
  const nodePrefix = path.dirname(path.dirname(process.execPath));
  if (!env.npm_config_nodedir && existsSync(path.join(nodePrefix, "include", "node", "node.h"))) {
    env.npm_config_nodedir = nodePrefix;
  }
  if (!run("npm", ["install", "--no-audit", "--no-fund"], { env })) {
    console.error("npm install failed; see above.");
    process.exit(1);
  }
  writeFileSync(stampFile, lockHash());
}
