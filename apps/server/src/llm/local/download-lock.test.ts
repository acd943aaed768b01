import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LOCK_STALE_MS, lockDownload } from "./download-lock";

const busy = () => new Error("busy");

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
    expect(fs.readFileSync(file, "utf8")).toBe(`${os.hostname()} ${process.pid}`);
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
    expect(fs.readFileSync(file, "utf8")).toBe(`${os.hostname()} ${process.pid}`);
    release();
  });

  it("from another host on the shared directory: held while refreshed, taken over once stale", () => {
    fs.writeFileSync(file, "other-node.example 4242");
    setAge(LOCK_STALE_MS - 5_000);
    expect(() => lockDownload(file, busy)).toThrow("busy");
    setAge(LOCK_STALE_MS + 1_000);
    const release = lockDownload(file, busy);
    expect(fs.readFileSync(file, "utf8")).toBe(`${os.hostname()} ${process.pid}`);
    release();
  });

  it("is refreshed while held, so other hosts do not take it over from a long download", async () => {
    const release = lockDownload(file, busy, { refreshMs: 50, staleMs: LOCK_STALE_MS });
    setAge(LOCK_STALE_MS + 1_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(Date.now() - fs.statSync(file).mtimeMs).toBeLessThan(5_000);
    release();
  });

  it("a release after the lock was taken over leaves the new holder's lock alone", () => {
    const release = lockDownload(file, busy);
    fs.writeFileSync(file, "other-node.example 4242"); // taken over while this one was stalled
    release();
    expect(fs.readFileSync(file, "utf8")).toBe("other-node.example 4242");
  });
});
