import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

function readSecret(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    return null;
  }
}

/**
 * A server secret from the environment, or one generated once into DATA_DIR (mode 0600). Several
 * nodes sharing DATA_DIR may start at the same moment: the secret is written whole to a file of
 * its own and then linked into place, which only one of them can do; the others read that one.
 */
export function loadOrCreateSecret(dataDir: string, name: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, name);
  const existing = readSecret(file);
  if (existing !== null) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}-${randomBytes(4).toString("hex")}.new`;
  fs.writeFileSync(draft, randomBytes(48).toString("base64url"), { mode: 0o600, flag: "wx" });
  try {
    fs.linkSync(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    fs.rmSync(draft, { force: true });
  }
  return readSecret(file) ?? "";
}
