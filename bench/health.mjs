// Benchmarks the built server (npm run build first):
//  - cold start: process start -> first /api/health 200, on a fresh data directory and on a warm one;
//  - /api/health throughput with autocannon (10 connections, 10 s).
// Reference measured in the same run: a bare node:http server answering the same JSON, so the
// ratio shows what Fastify, the database ping and our hooks cost on this machine.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const root = new URL("..", import.meta.url).pathname;
const duration = Number(process.env.BENCH_SECONDS ?? 10);

async function waitForHealth(url, child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error("server exited");
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function startServer(dataDir, port) {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  await waitForHealth(`http://127.0.0.1:${port}`, child);
  return { child, ms: performance.now() - started };
}

async function stop(child) {
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

function load(url) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: 10, duration }, (err, result) => (err ? reject(err) : resolve(result))),
  );
}

async function referenceServer(port) {
  const body = JSON.stringify({
    status: "ok",
    version: "0.3.9",
    uptimeSeconds: 1,
    database: { kind: "pglite", status: "up" },
  });
  const server = http.createServer((_req, res) =>
    res.writeHead(200, { "content-type": "application/json" }).end(body),
  );
  await new Promise((r) => server.listen(port, "127.0.0.1", r));
  return server;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "neuroos-bench-"));
try {
  const fresh = await startServer(dataDir, 18_181);
  await stop(fresh.child);
  const warm = await startServer(dataDir, 18_181);
  const reference = await referenceServer(18_182);
  const refResult = await load("http://127.0.0.1:18182/api/health");
  const result = await load("http://127.0.0.1:18181/api/health");
  reference.close();
  await stop(warm.child);

  const reqs = result.requests.average;
  const refReqs = refResult.requests.average;
  console.log(`cold start, fresh data dir (migrations): ${fresh.ms.toFixed(0)} ms`);
  console.log(`cold start, existing data dir:           ${warm.ms.toFixed(0)} ms`);
  console.log(
    `/api/health throughput: ${reqs.toFixed(0)} req/s (p99 latency ${result.latency.p99} ms, ${result.non2xx} non-2xx)`,
  );
  console.log(`reference node:http JSON server:  ${refReqs.toFixed(0)} req/s`);
  console.log(`ratio NeuroOS / reference: ${(reqs / refReqs).toFixed(2)}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
