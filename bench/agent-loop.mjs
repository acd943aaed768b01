// Agent loop overhead (issue 6): a turn of N steps against the provider test server answering
// at once, each step calling a trivial tool (list_files, no sandbox), safe mode off.
// Reference, same run: the same N model calls made straight through the LLM gateway.
// Printed: time per step through the loop and directly (p50 over turns), the added time per
// step, and the ratio. Target: added p50 <= 5 ms per step. Run: npm run bench:agent
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import WebSocket from "ws";
import { buildApp } from "../apps/server/src/app.ts";
import { openPglite } from "../apps/server/src/db/client.ts";
import { loadEnv } from "../apps/server/src/env.ts";
import { providerEnv } from "../apps/server/src/llm/testing/helpers.ts";
import { ProviderTestServer } from "../apps/server/src/llm/testing/provider-server.ts";

const STEPS = Number(process.env.BENCH_STEPS ?? 10);
const TURNS = Number(process.env.BENCH_TURNS ?? 15);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const provider = await ProviderTestServer.start();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "neuroos-bench-agent-"));
const database = await openPglite();
await database.migrate();
const env = loadEnv({
  ...providerEnv(provider, { LLM_TIMEOUT_MS: "10000" }),
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  AGENT_MAX_STEPS: String(STEPS + 1),
});
const app = await buildApp({
  env,
  database,
  sessionSecret: "bench-secret-bench-secret-bench-secret!!",
  loginPerMinute: 1000,
});
const address = await app.listen({ port: 0, host: "127.0.0.1" });

const call = async (method, url, body, cookie) => {
  const res = await app.inject({ method, url, payload: body, headers: cookie ? { cookie } : {} });
  return { json: res.json(), headers: res.headers };
};
const account = { email: "bench@example.com", username: "bench", password: "benchmark password" };
await call("POST", "/api/auth/signup", account);
const login = await call("POST", "/api/auth/login", account);
const cookie = String(login.headers["set-cookie"]).split(";")[0];
const userId = login.json.user.id;
await call("PUT", "/api/settings", { defaultProvider: "openai", safeMode: false }, cookie);
const agent = (
  await call("POST", "/api/agents", { name: "Lister", tools: ["list_files"], safeMode: false }, cookie)
).json;

const ws = new WebSocket(`${address.replace("http", "ws")}/ws`, { headers: { cookie, origin: address } });
await new Promise((r) => ws.once("open", r));
const script = () => {
  const steps = [];
  for (let i = 0; i < STEPS - 1; i++)
    steps.push({
      kind: "tool-calls",
      calls: [{ id: `t${i}`, name: "list_files", args: { path: "/home/user" } }],
    });
  steps.push({ kind: "text", chunks: ["done"] });
  provider.script(...steps);
};

async function loopTurn() {
  const { id } = (await call("POST", "/api/sessions", { title: "bench", agentId: agent.id }, cookie)).json;
  script();
  const started = performance.now();
  const ended = new Promise((resolve) => {
    const onMessage = (data) => {
      const frame = JSON.parse(data.toString());
      if (frame.type === "agent_status" && frame.sessionId === id && frame.state !== "running") {
        ws.off("message", onMessage);
        resolve(frame.state);
      }
    };
    ws.on("message", onMessage);
  });
  ws.send(JSON.stringify({ type: "chat_message", sessionId: id, content: "list the files" }));
  const state = await ended;
  if (state !== "done") throw new Error(`turn ended ${state}`);
  return (performance.now() - started) / STEPS;
}

const { createLlm } = await import("../apps/server/src/llm/index.ts");
const llm = createLlm({ env, db: database.db });
async function directTurn() {
  script();
  const started = performance.now();
  for (let i = 0; i < STEPS; i++) {
    const tools = {
      list_files: {
        description: "list",
        inputSchema: { type: "object", properties: { path: { type: "string" } } },
      },
    };
    for await (const _ of llm.gateway.streamChat({
      userId,
      messages: [{ role: "user", content: "list the files" }],
      signal: new AbortController().signal,
      tools,
    })) {
      /* drain */
    }
  }
  return (performance.now() - started) / STEPS;
}

await loopTurn(); // warm-up
await directTurn();
const loop = [];
const direct = [];
for (let i = 0; i < TURNS; i++) {
  loop.push(await loopTurn());
  direct.push(await directTurn());
}
const l = median(loop);
const d = median(direct);
console.log(`agent loop: ${STEPS} steps a turn, ${TURNS} turns (list_files tool, safe mode off)`);
console.log(`per step through the loop (p50): ${l.toFixed(2)} ms`);
console.log(`per model call straight through the gateway (p50, reference): ${d.toFixed(2)} ms`);
console.log(`added by the loop per step (p50): ${(l - d).toFixed(2)} ms (target <= 5 ms)`);
console.log(`ratio loop / reference: ${(l / d).toFixed(2)}`);

ws.close();
await llm.close();
await app.close();
await database.close();
await provider.close();
rmSync(dataDir, { recursive: true, force: true });
