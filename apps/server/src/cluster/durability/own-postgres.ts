import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { processAlive } from "../../platform/process-alive";
import { childrenOf } from "../../test/processes";
import { freePort } from "../../test/server-process";

const run = promisify(execFile);
const PG_BIN = "/usr/lib/postgresql/15/bin";

/** Why this machine cannot run a PostgreSQL server of a test's own (null: it can). */
export function ownPostgresUnavailable(): string | null {
  if (!fs.existsSync(path.join(PG_BIN, "initdb"))) return `${PG_BIN}/initdb is missing`;
  if (process.getuid?.() !== 0) return "the tests do not run as root (PostgreSQL runs as the postgres user)";
  return null;
}

/**
 * A PostgreSQL 15 server of the test's own (initdb in a temporary folder, a free loopback port,
 * trust authentication), which the test may crash with SIGKILL and start again, as a real
 * server crash and restart: the shared test server is never touched.
 */
export class OwnPostgres {
  private constructor(
    private readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get dataDir(): string {
    return path.join(this.dir, "data");
  }

  static async create(): Promise<OwnPostgres> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-pg-"));
    await run("chown", ["postgres:postgres", dir]);
    const server = new OwnPostgres(dir, await freePort());
    await server.asPostgres("initdb", ["-D", server.dataDir, "-U", "postgres", "-A", "trust", "--no-sync"]);
    await server.start();
    return server;
  }

  /** Starts the server (after a crash: PostgreSQL's crash recovery replays its WAL) and waits for it. */
  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1`;
    await this.asPostgres("pg_ctl", [
      "start",
      "-w",
      "-t",
      "60",
      "-D",
      this.dataDir,
      "-l",
      this.logFile,
      "-o",
      options,
    ]);
  }

  /** SIGKILL to the postmaster and every process of it at once, as when the machine kills the server. */
  async crash(): Promise<void> {
    const pid = Number(fs.readFileSync(path.join(this.dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    const children = childrenOf(pid);
    for (const p of [pid, ...children]) {
      try {
        process.kill(p, "SIGKILL");
      } catch {
        // already gone
      }
    }
    const deadline = Date.now() + 10_000;
    while ([pid, ...children].some(processAlive)) {
      if (Date.now() > deadline) throw new Error("PostgreSQL's processes did not die");
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** What the server logged (crash recovery included). */
  log(): string {
    return fs.existsSync(this.logFile) ? fs.readFileSync(this.logFile, "utf8") : "";
  }

  async destroy(): Promise<void> {
    await this.asPostgres("pg_ctl", ["stop", "-m", "immediate", "-D", this.dataDir]).catch(() => {});
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private get logFile(): string {
    return path.join(this.dir, "server.log");
  }

  private async asPostgres(program: string, args: string[]): Promise<void> {
    await run("runuser", ["-u", "postgres", "--", path.join(PG_BIN, program), ...args], { cwd: this.dir });
  }
}
