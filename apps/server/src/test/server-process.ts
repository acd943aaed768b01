import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";

export const serverDir = path.resolve(import.meta.dirname, "../..");

/** Bundles the current source into dist/main.js, as `npm run build` does. */
export function buildServer(): void {
  execFileSync(process.execPath, ["build.mjs"], { cwd: serverDir, stdio: "inherit" });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts the server as a real process; resolves once /api/health answers 200. The built bundle
 * (dist/main.js, see buildServer) by default; `fromSource` runs src/main.ts through tsx instead.
 * `bootMs`: how long it may take (a new PGlite cluster and its migrations take a while on a busy machine).
 */
export async function startServer(
  env: Record<string, string>,
  waitForHealth = true,
  options: { fromSource?: boolean; bootMs?: number } = {},
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const entry = options.fromSource
    ? ["--import", "tsx", path.join(serverDir, "src/main.ts")]
    : [path.join(serverDir, "dist/main.js")];
  const child = spawn(process.execPath, entry, {
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env, PORT: port },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (d) => {
    log += d;
  });
  child.stderr?.on("data", (d) => {
    log += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const server = { child, url, output: () => log, exited };
  if (!waitForHealth) return server;
  const deadline = Date.now() + (options.bootMs ?? 30_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`server did not become healthy:\n${log}`);
}

export async function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}
