import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { releaseVolumesUnder } from "../../apps/server/src/workspace/volumes";

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

/**
 * A server of the spec's own (the built apps/server/dist/main.js), for specs that need their
 * own configuration (e.g. a scripted model provider) or must restart the server. Keeps its
 * port and data directory across restarts.
 */
export class AppServer {
  private child: ChildProcess | null = null;
  private log = "";
  readonly url: string;

  private constructor(
    private readonly port: number,
    private readonly dataDir: string,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  static async start(env: Record<string, string> = {}): Promise<AppServer> {
    const server = new AppServer(await freePort(), mkdtempSync(path.join(os.tmpdir(), "neuroos-e2e-")), env);
    try {
      await server.boot();
    } catch (error) {
      await server.dispose();
      throw error;
    }
    return server;
  }

  /** Starts the (stopped) server on its port with its data; resolves once it answers. */
  async boot(): Promise<void> {
    this.log = "";
    const child = spawn(process.execPath, [serverMain], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        PORT: String(this.port),
        HOST: "127.0.0.1",
        DATA_DIR: this.dataDir,
        LOG_LEVEL: "warn",
        // Every test signs in from 127.0.0.1: the per-address limit would count them all as one.
        LOGIN_LIMIT_PER_MINUTE: "10000",
        // A migrated cluster to start a new database from (e2e/support/global-setup.ts).
        ...(process.env.PGLITE_TEMPLATE ? { PGLITE_TEMPLATE: process.env.PGLITE_TEMPLATE } : {}),
        ...this.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk) => {
      this.log += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      this.log += chunk;
    });
    this.child = child;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${this.log}`);
      const ok = await fetch(`${this.url}/api/health`)
        .then((response) => response.status === 200)
        .catch(() => false);
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    throw new Error(`The server did not answer /api/health within 60 s:\n${this.log}`);
  }

  /** Stops the process (SIGTERM, then SIGKILL after 15 s). */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  }

  /** Stops and starts again on the same port with the same data. */
  async restart(): Promise<void> {
    await this.stop();
    await this.boot();
  }

  async dispose(): Promise<void> {
    await this.stop();
    await releaseVolumesUnder(this.dataDir); // left mounted if the server had to be killed
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
