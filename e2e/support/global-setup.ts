import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PARTNER_DOMAIN } from "./accounts";

/**
 * The fixed port of the fake OpenAI-compatible server e2e/settings.spec.ts starts; user base
 * URLs on loopback are refused unless allowlisted, so the server allows this one (and Ollama's).
 */
export const PROVIDER_TEST_PORT = 39187;

const root = path.resolve(import.meta.dirname, "../..");
const serverMain = path.join(root, "apps/server/dist/main.js");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output()}`);
    const ok = await fetch(`${url}/api/health`)
      .then((response) => response.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`The server did not answer /api/health within 60 s:\n${output()}`);
}

/**
 * Starts the real, built server on a free port with a fresh data directory and points the
 * tests at it (E2E_BASE_URL); the returned function stops it (SIGTERM) and removes the data.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: run \`npm run build\` first.`);
  if (!existsSync(path.join(root, "apps/web/dist/index.html"))) {
    throw new Error("apps/web/dist is missing: run `npm run build` first.");
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "neuroos-e2e-"));
  const child = spawn(process.execPath, [serverMain], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      EXECUTIVE_ACCESS_DOMAINS: PARTNER_DOMAIN,
      LLM_ENDPOINT_ALLOWLIST: `127.0.0.1:${PROVIDER_TEST_PORT},localhost:11434,127.0.0.1:11434`,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk) => {
    log += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    log += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, () => log);
  } catch (error) {
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  process.env.E2E_BASE_URL = baseUrl;

  return async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
