import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LOCK_STALE_MS, lockDownload, removeStale } from "./download-lock";

const busy = () => new Error("busy");
/** What this process writes in a lock it holds: its host, its pid, and a nonce of its own. */
const mine = new RegExp(`^${os.hostname()} ${process.pid} [0-9a-f]{12}$`);

describe("a model download's lock", () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-download-lock-"));
    file = path.join(dir, "model.gguf.lock");
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const setAge = (ms: number) => {
    const then = new Date(Date.now() - ms);
    fs.utimesSync(file, then, then);
  };

  it("is held once: a second download of the model is refused until the first releases it", () => {
    const release = lockDownload(file, busy);
    expect(fs.readFileSync(file, "utf8")).toMatch(mine);
    expect(() => lockDownload(file, busy)).toThrow("busy");
    release();
    expect(fs.existsSync(file)).toBe(false);
    lockDownload(file, busy)();
  });

  it("on this host: held while its process lives, taken over from a process that died", async () => {
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    await new Promise((resolve) => child.once("spawn", resolve));
    fs.writeFileSync(file, `${os.hostname()} ${child.pid}`);
    setAge(10 * LOCK_STALE_MS); // age does not matter on this host: the process does
    expect(() => lockDownload(file, busy)).toThrow("busy");
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    const release = lockDownload(file, busy);
    expect(fs.readFileSync(file, "utf8")).toMatch(mine);
    release();
  });

  it("from another host on the shared directory: held while refreshed, taken over once stale", () => {
    fs.writeFileSync(file, "other-node.example 4242");
    setAge(LOCK_STALE_MS - 5_000);
    expect(() => lockDownload(file, busy)).toThrow("busy");
    setAge(LOCK_STALE_MS + 1_000);
    const release = lockDownload(file, busy);
    expect(fs.readFileSync(file, "utf8")).toMatch(mine);
    release();
  });

  it("is refreshed while held, so other hosts do not take it over from a long download", async () => {
    const release = lockDownload(file, busy, { refreshMs: 50, staleMs: LOCK_STALE_MS });
    setAge(LOCK_STALE_MS + 1_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(Date.now() - fs.statSync(file).mtimeMs).toBeLessThan(5_000);
    release();
  });

  it("a taker that read a stale lock which another took over meanwhile puts the new one back", () => {
    const stale = "other-node.example 4242 0123456789ab";
    fs.writeFileSync(file, stale);
    setAge(LOCK_STALE_MS + 1_000);
    const release = lockDownload(file, busy); // the first taker
    const taken = fs.readFileSync(file, "utf8");
    removeStale(file, stale); // the second, acting on what it read before
    expect(fs.readFileSync(file, "utf8")).toBe(taken);
    expect(() => lockDownload(file, busy)).toThrow("busy");
    release();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("a stale lock taken over is held: a second taker is told it is busy; nothing is left aside", () => {
    fs.writeFileSync(file, "other-node.example 4242 0123456789ab");
    setAge(LOCK_STALE_MS + 1_000);
    const release = lockDownload(file, busy);
    // The second read the same stale lock before the first took it over: it finds the new one held.
    expect(() => lockDownload(file, busy)).toThrow("busy");
    expect(fs.readFileSync(file, "utf8")).toMatch(mine);
    release();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("a release after the lock was taken over leaves the new holder's lock alone", () => {
    const release = lockDownload(file, busy);
    fs.writeFileSync(file, "other-node.example 4242"); // taken over while this one was stalled
    release();
    expect(fs.readFileSync(file, "utf8")).toBe("other-node.example 4242");
  });
});
