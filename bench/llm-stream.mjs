// LLM gateway streaming overhead and local-model speed (run: npm run bench:llm, after npm run build).
//  - 2,000 chunks from the provider test server (OpenAI wire format, one chunk about every ms),
//    read directly and through the gateway (the built server, POST /api/llm/chat/stream) in the
//    same run; per-chunk latency = arrival at the client - emission by the test server.
//    Prints p50/p99 of both, the server-added latency per chunk and to the first token, and ratios.
//  - tokens/s of the local provider (llama.cpp) on a random-weight GGUF shaped like
//    SmolLM2-360M-Instruct Q8_0, the model `npm run model:pull` fetches by default.
// Targets (issue 3): added p50 <= 1 ms, p99 <= 5 ms per chunk; <= 4 ms to the first token.
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { LocalRuntime } from "../apps/server/src/llm/local/runtime.ts";
import { SMOLLM2_360M_SHAPE, writeRandomLlamaGguf } from "../apps/server/src/llm/testing/gguf-writer.ts";
import { ProviderTestServer } from "../apps/server/src/llm/testing/provider-server.ts";
import { AppServer } from "../e2e/support/app-server.ts";

const CHUNKS = Number(process.env.BENCH_CHUNKS ?? 2000);
const FIRST_TOKEN_RUNS = Number(process.env.BENCH_FIRST_TOKEN_RUNS ?? 40);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const sort = (xs) => [...xs].sort((a, b) => a - b);
const ms = (x) => `${x.toFixed(3)} ms`;

/** POSTs `body` and calls onData(content, now) for each streamed text chunk (either format). */
function streamRequest(url, body, headers, onData) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let first = null;
    const req = http.request(url, {
      method: "POST",
      agent,
      headers: { "content-type": "application/json", ...headers },
    });
    req.on("response", (res) => {
      if (res.statusCode !== 200) reject(new Error(`${url}: HTTP ${res.statusCode}`));
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (data) => {
        const now = performance.now();
        buffer += data;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
          if (!line.startsWith("data: ") || line === "data: [DONE]") continue;
          const json = JSON.parse(line.slice(6));
          const content = json.content ?? json.choices?.[0]?.delta?.content;
          if (!content) continue;
          first ??= now;
          onData(content, now);
        }
      });
      res.on("end", () => resolve({ firstToken: first === null ? null : first - started }));
    });
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

/** The built server pointed at the provider test server, and a signed-in user's cookie. */
async function startGateway(providerUrl) {
  const app = await AppServer.start({
    OPENAI_API_KEY: "sk-bench-0123456789",
    OPENAI_BASE_URL: providerUrl,
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const url = app.url;
  const user = {
    email: `bench${Date.now()}@example.com`,
    username: `bench${Date.now()}`,
    password: "bench password 1",
  };
  const post = (p, b) =>
    fetch(`${url}${p}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(b),
    });
  await post("/api/auth/signup", user);
  const login = await post("/api/auth/login", { email: user.email, password: user.password });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  return { app, url, cookie };
}

async function measureStream(server, send) {
  const chunks = Array.from({ length: CHUNKS }, (_, i) => `c${i}|`);
  server.script({ kind: "text", chunks, delayMs: 1 });
  const latencies = new Array(CHUNKS);
  await send((content, now) => {
    const i = Number(content.slice(1, -1));
    latencies[i] = now - server.emitted[i];
  });
  if (latencies.some((x) => x === undefined)) throw new Error("chunks were lost");
  return sort(latencies);
}

const messages = [{ role: "user", content: "stream please" }];
const server = await ProviderTestServer.start();
// Where the local-provider part writes its random-weight model.
const scratch = mkdtempSync(path.join(os.tmpdir(), "neuroos-bench-llm-"));
const gw = await startGateway(server.base("openai"));
try {
  const direct = (onData) =>
    streamRequest(
      `${server.base("openai")}/chat/completions`,
      { model: "gpt-4", messages, stream: true },
      {},
      onData,
    );
  const viaGateway = (onData) =>
    streamRequest(
      `${gw.url}/api/llm/chat/stream`,
      { messages, config: { provider: "openai" } },
      { cookie: gw.cookie },
      onData,
    );

  // Warm up both paths (connections, JIT).
  for (let i = 0; i < 5; i++) {
    await direct(() => {});
    await viaGateway(() => {});
  }
  const d = await measureStream(server, direct);
  const g = await measureStream(server, viaGateway);

  const firstDirect = [];
  const firstGateway = [];
  for (let i = 0; i < FIRST_TOKEN_RUNS; i++) {
    server.script({ kind: "text", chunks: ["a", "b"] });
    firstDirect.push((await direct(() => {})).firstToken);
    server.script({ kind: "text", chunks: ["a", "b"] });
    firstGateway.push((await viaGateway(() => {})).firstToken);
  }
  const fd = sort(firstDirect);
  const fg = sort(firstGateway);
  // Reference: an authenticated no-op request on the same server (Fastify, hooks, session check).
  const me = [];
  for (let i = 0; i < FIRST_TOKEN_RUNS; i++) {
    const started = performance.now();
    await new Promise((resolve, reject) => {
      http
        .get(`${gw.url}/api/auth/me`, { agent, headers: { cookie: gw.cookie } }, (res) => {
          res.resume();
          res.on("end", resolve);
        })
        .on("error", reject);
    });
    me.push(performance.now() - started);
  }
  const fm = sort(me);

  console.log(
    `database: ${process.env.BENCH_DATABASE_URL ? "PostgreSQL (BENCH_DATABASE_URL)" : "embedded PGlite"}`,
  );
  console.log(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
  console.log(`${CHUNKS} chunks, latency from emission to arrival at the client:`);
  console.log(`  direct from the test server:  p50 ${ms(pct(d, 50))}  p99 ${ms(pct(d, 99))}`);
  console.log(`  through the gateway:          p50 ${ms(pct(g, 50))}  p99 ${ms(pct(g, 99))}`);
  console.log(
    `  added by the gateway:         p50 ${ms(pct(g, 50) - pct(d, 50))}  p99 ${ms(pct(g, 99) - pct(d, 99))}  (targets 1 ms / 5 ms)`,
  );
  console.log(
    `  ratio gateway / direct:       p50 ${(pct(g, 50) / pct(d, 50)).toFixed(2)}  p99 ${(pct(g, 99) / pct(d, 99)).toFixed(2)}`,
  );
  console.log(
    `time to first token (median of ${FIRST_TOKEN_RUNS}): direct ${ms(pct(fd, 50))}, gateway ${ms(pct(fg, 50))}`,
  );
  console.log(
    `  added by the gateway: ${ms(pct(fg, 50) - pct(fd, 50))} (target 4 ms); ratio ${(pct(fg, 50) / pct(fd, 50)).toFixed(2)}`,
  );
  console.log(
    `  reference: GET /api/auth/me on the same server ${ms(pct(fm, 50))} (the per-request floor: Fastify and the session check); ` +
      `gateway time beyond that floor ${ms(pct(fg, 50) - pct(fm, 50))}`,
  );
} finally {
  await gw.app.dispose();
  await server.close();
  agent.destroy();
}

// Local provider: tokens/s on a random-weight model shaped like SmolLM2-360M-Instruct (Q8_0).
if (process.env.BENCH_SKIP_LOCAL !== "1") {
  const modelsDir = path.join(scratch, "models");
  const modelPath = path.join(modelsDir, "random-smollm2-360m-q8_0.gguf");
  await import("node:fs").then((fs) => fs.mkdirSync(modelsDir, { recursive: true }));
  const t0 = performance.now();
  await writeRandomLlamaGguf(modelPath, SMOLLM2_360M_SHAPE, { type: "q8_0", name: "random-smollm2-360m" });
  const writeMs = performance.now() - t0;
  const threadCounts = [...new Set([os.availableParallelism(), 1])];
  for (const threads of threadCounts) {
    const runtime = new LocalRuntime({ modelsDir, threads, contextSize: 2048 });
    const load0 = performance.now();
    await runtime.generate({
      modelPath,
      messages: [{ role: "user", content: "warm up" }],
      maxTokens: 1,
      temperature: 0,
    });
    const loadMs = performance.now() - load0;
    const tokens = 64;
    let firstAt = null;
    const started = performance.now();
    const result = await runtime.generate({
      modelPath,
      messages: [{ role: "user", content: "Write a long story about a local model." }],
      maxTokens: tokens,
      temperature: 0,
      onText: () => {
        firstAt ??= performance.now();
      },
    });
    const total = performance.now() - started;
    const genMs = total - ((firstAt ?? started) - started);
    console.log(
      `local provider (llama.cpp, ${threads} thread${threads > 1 ? "s" : ""}), random-weight SmolLM2-360M-shaped Q8_0 (written in ${(writeMs / 1000).toFixed(1)} s): ` +
        `load+first call ${(loadMs / 1000).toFixed(2)} s, first token ${((firstAt ?? started) - started).toFixed(0)} ms, ` +
        `${result.outputTokens} tokens at ${((result.outputTokens - 1) / (genMs / 1000)).toFixed(1)} tokens/s`,
    );
    await runtime.close();
  }
}
rmSync(scratch, { recursive: true, force: true });
