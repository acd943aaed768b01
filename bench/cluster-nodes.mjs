// Server nodes for bench/cluster.mjs: a scratch PostgreSQL database, server processes
// (apps/server/src/main.ts) on it, and what each process uses, read from /proc.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "..");
/** Clock ticks per second in /proc/<pid>/stat (getconf CLK_TCK: 100 on Linux x86-64 and arm64). */
const TICKS_PER_SECOND = 100;

/** A fresh database on the PostgreSQL server at `adminUrl`; `drop()` removes it. */
export async function scratchDatabase(adminUrl) {
  const name = `neuroos_bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    /** The process ids of the connections to this database now (its backends). */
    backends: async () =>
      (await admin.query("select pid from pg_stat_activity where datname = $1", [name])).rows.map(
        (r) => r.pid,
      ),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** One server process (the sources through tsx, as `npm start` in development); resolves once it answers. */
export async function startNode(name, env) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk) => {
    log += chunk;
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node ${name} exited (${child.exitCode}):\n${log}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`node ${name} did not answer /api/health within 90 s:\n${log}`);
    }
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    name,
    url,
    pid: child.pid,
    alive: () => child.exitCode === null,
    log: () => log,
    /** SIGTERM (the graceful shutdown), SIGKILL after 15 s. */
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** CPU ticks a process used (user and system). */
function ticksOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null; // ended
  }
}

/** The whole machine's CPU ticks: busy and all (every process, the sandboxed jobs among them). */
function machineTicks() {
  const [, ...values] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
  const all = values.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: all - values[3] - values[4], all };
}

function rssMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * CPU and memory of some processes over a phase: each process's CPU as a percentage of one core,
 * its resident memory sampled every second (mean and peak); the CPU of the database's backends (a
 * group whose members come and go: each counted from when first seen); and the whole machine's
 * (sandboxed jobs run in their own PID namespace: their time is not reported to the node).
 */
export class UsageSampler {
  constructor(processes, backends) {
    this.processes = processes;
    this.backends = backends;
    this.started = performance.now();
    this.first = new Map(processes.map((p) => [p.pid, ticksOf(p.pid)]));
    this.machine = machineTicks();
    this.rss = new Map(processes.map((p) => [p.pid, []]));
    this.backendTicks = new Map();
    this.timer = setInterval(() => void this.sample(), 1000);
    void this.sample();
  }

  async sample() {
    for (const p of this.processes) this.rss.get(p.pid).push(rssMb(p.pid));
    const pids = await this.backends().catch(() => []);
    for (const pid of pids) {
      const ticks = ticksOf(pid);
      if (ticks === null) continue;
      const seen = this.backendTicks.get(pid);
      if (seen) seen.last = ticks;
      else this.backendTicks.set(pid, { first: ticks, last: ticks });
    }
  }

  async stop() {
    clearInterval(this.timer);
    await this.sample();
    const seconds = (performance.now() - this.started) / 1000;
    const percent = (ticks) => (ticks / TICKS_PER_SECOND / seconds) * 100;
    const byName = {};
    for (const p of this.processes) {
      const first = this.first.get(p.pid);
      const last = ticksOf(p.pid) ?? first;
      const samples = this.rss.get(p.pid).filter((x) => x > 0);
      byName[p.name] = {
        cpu: percent(last - first),
        rssMean: samples.reduce((a, b) => a + b, 0) / Math.max(1, samples.length),
        rssPeak: Math.max(0, ...samples),
      };
    }
    let backendTicks = 0;
    for (const { first, last } of this.backendTicks.values()) backendTicks += last - first;
    const machine = machineTicks();
    const machineBusy = (machine.busy - this.machine.busy) / (machine.all - this.machine.all);
    return {
      seconds,
      byName,
      backendsCpu: percent(backendTicks),
      backendCount: this.backendTicks.size,
      machineCpu: machineBusy * 100,
    };
  }
}
