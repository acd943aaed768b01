import fs from "node:fs";
import path from "node:path";
import { processAlive } from "../platform/process-alive";

export class DataDirLockedError extends Error {}

/**
 * Two PGlite instances on one directory corrupt it, so one server process owns a data
 * directory at a time. The lock file holds the owner's pid; a lock left by a dead process
 * (SIGKILL, power loss) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx", mode: 0o600 });
      return () => {
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && processAlive(owner)) {
        throw new DataDirLockedError(
          `Data directory ${dataDir} is in use by another NeuroOS server (pid ${owner}); stop it or set DATA_DIR to another directory.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock data directory ${dataDir}`);
}
