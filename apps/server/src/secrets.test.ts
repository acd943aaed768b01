import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { loadOrCreateSecret } from "./secrets";

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-secrets-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("server secrets in DATA_DIR", () => {
  it("prefers the environment, else generates one once (0600) and reads it back", () => {
    expect(loadOrCreateSecret(dataDir, "from-env", "x".repeat(40))).toBe("x".repeat(40));
    expect(fs.existsSync(path.join(dataDir, "from-env"))).toBe(false);
    const made = loadOrCreateSecret(dataDir, "session-secret", undefined);
    expect(made.length).toBeGreaterThanOrEqual(64);
    expect(fs.statSync(path.join(dataDir, "session-secret")).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecret(dataDir, "session-secret", undefined)).toBe(made);
    expect(fs.readdirSync(dataDir).sort()).toEqual(["session-secret"]); // no drafts left
  });

  it("gives nodes that start at the same moment on a shared DATA_DIR one and the same secret", async () => {
    const start = Date.now() + 2500; // every process waits for this instant, then creates at once
    const script = `
      const { loadOrCreateSecret } = await import(${JSON.stringify(path.join(import.meta.dirname, "secrets.ts"))});
      while (Date.now() < ${start});
      process.stdout.write(loadOrCreateSecret(${JSON.stringify(dataDir)}, "secret-key", undefined));`;
    const nodes = Array.from({ length: 6 }, () =>
      run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script]),
    );
    const secrets = (await Promise.all(nodes)).map((r) => r.stdout);
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toBe(fs.readFileSync(path.join(dataDir, "secret-key"), "utf8"));
    expect(secrets[0]?.length).toBeGreaterThanOrEqual(64);
  }, 20_000);
});
