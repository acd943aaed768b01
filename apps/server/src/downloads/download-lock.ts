import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { processAlive } from "../platform/process-alive";

/** How often the holder of a download lock says it is still downloading (the file's mtime). */
export const LOCK_REFRESH_MS = 5_000;
/** A lock from another host not refreshed for this long is left by a node that died. */
export const LOCK_STALE_MS = 30_000;

const nonce = () => randomBytes(6).toString("hex");

/** Whether the lock written "host pid nonce" is held by a download still running. */
function held(file: string, content: string, staleMs: number): boolean {
  const [host = "", pid = ""] = content.trim().split(" ");
  // A lock from this host (or an older one holding only a pid) is held while its process lives;
  // one from another host sharing the models directory, while it is refreshed.
  if (!pid || host === os.hostname()) return processAlive(Number(pid || host));
  return Date.now() - fs.statSync(file).mtimeMs < staleMs;
}

/** Creates `file` already holding `content` (never seen empty), or throws EEXIST. */
function createWith(file: string, content: string): void {
  const temp = `${file}.${nonce()}`;
  fs.writeFileSync(temp, content);
  try {
    fs.linkSync(temp, file);
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** Removes the stale lock that held `seen`, but not a lock another download made meanwhile. */
export function removeStale(file: string, seen: string): void {
  const aside = `${file}.${nonce()}`;
  try {
    fs.renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return; // taken away already
    throw err;
  }
  try {
    // Another download took it over between the read and the rename: its lock goes back.
    if (fs.readFileSync(aside, "utf8") !== seen) fs.linkSync(aside, file);
  } catch {
    /* a third one made it again meanwhile: it holds it */
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

/**
 * Takes the lock of one model download (DATA_DIR/models/.partial/<file>.lock), or throws
 * `busy()` when another download of it runs — in this process, another one on this host, or a
 * node on another host with the same shared models directory. A lock left by a process that died
 * is taken over. Returns the release.
 */
export function lockDownload(
  file: string,
  busy: () => Error,
  timing = { refreshMs: LOCK_REFRESH_MS, staleMs: LOCK_STALE_MS },
): () => void {
  const owner = `${os.hostname()} ${process.pid} ${nonce()}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      createWith(file, owner);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      let seen: string;
      try {
        seen = fs.readFileSync(file, "utf8");
      } catch {
        continue; // released meanwhile
      }
      if (held(file, seen, timing.staleMs)) throw busy();
      removeStale(file, seen);
      continue;
    }
    const refresh = setInterval(() => {
      const now = new Date();
      fs.utimes(file, now, now, () => {}); // gone already: the release is under way
    }, timing.refreshMs);
    refresh.unref();
    return () => {
      clearInterval(refresh);
      // Only its own: a lock taken over after this one went stale belongs to another download.
      if (fs.existsSync(file) && fs.readFileSync(file, "utf8") === owner) fs.rmSync(file, { force: true });
    };
  }
  throw busy();
}
