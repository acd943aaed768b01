// MCP conformance of NeuroOS's own MCP server (/mcp): the official suite
// (@modelcontextprotocol/conformance, its "active" server scenarios) run against a NeuroOS started
// in-process on PGlite, through a full-access token. The suite's CLI cannot send an Authorization
// header, so it talks to a loopback proxy that adds the token and passes everything else through.
// Many scenarios call the suite's own test tools, resources and prompts (test_simple_text,
// test://static-text, ...), which NeuroOS does not have: those fail by design.
// Printed: each scenario's checks passed and failed, the totals, and every failed check.
// Pinned to 0.1.13: 0.1.14 and later import fs.globSync (Node 22). Run: npm run bench:mcp-conformance
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../apps/server/src/app.ts";
import { openPglite } from "../apps/server/src/db/client.ts";
import { loadEnv } from "../apps/server/src/env.ts";

const cli = createRequire(import.meta.url).resolve("@modelcontextprotocol/conformance/dist/index.js");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "neuroos-bench-conformance-"));
const resultsDir = path.join(dataDir, "results");
// The proxy: every request to NeuroOS, with the token added; answers (and streams) passed back.
// Clients reach NeuroOS at its address, so that is its PUBLIC_URL (Host and Origin are checked
// against it: the suite's DNS-rebinding scenario).
let target = null;
let token = "";
const proxy = http.createServer((req, res) => {
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, authorization: `Bearer ${token}` },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => res.destroy());
  req.pipe(upstream);
});
await new Promise((resolve) => proxy.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${proxy.address().port}/mcp`;
const database = await openPglite();
await database.migrate();
const app = await buildApp({
  env: loadEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    WORKSPACE_VOLUMES: "off",
    PUBLIC_URL: new URL(url).origin,
  }),
  database,
  sessionSecret: "bench-secret-bench-secret-bench-secret!!",
  loginPerMinute: 1000,
});
const address = await app.listen({ port: 0, host: "127.0.0.1" });
target = new URL(address);

const account = {
  email: "conformance@example.com",
  username: "conformance",
  password: "correct horse battery",
};
await app.inject({ method: "POST", url: "/api/auth/signup", payload: account });
const login = await app.inject({ method: "POST", url: "/api/auth/login", payload: account });
const cookie = String(login.headers["set-cookie"]).split(";")[0];
const made = await app.inject({
  method: "POST",
  url: "/api/access-tokens",
  payload: { name: "conformance", scope: "full" },
  headers: { cookie },
});
token = made.json().token;

const exitCode = await new Promise((resolve) => {
  const child = spawn(process.execPath, [cli, "server", "--url", url, "--output-dir", resultsDir], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  child.on("exit", (code) => resolve(code ?? 1));
});

const scenarios = readdirSync(resultsDir)
  .map((dir) => ({
    scenario: dir.replace(/^server-/, "").replace(/-\d{4}-\d\d-\d\dT.*$/, ""),
    checks: JSON.parse(readFileSync(path.join(resultsDir, dir, "checks.json"), "utf8")),
  }))
  .sort((a, b) => a.scenario.localeCompare(b.scenario));
let passed = 0;
let failed = 0;
const failures = [];
console.log(
  `MCP conformance (@modelcontextprotocol/conformance 0.1.13, active server suite) against ${address}/mcp (at ${url})\n`,
);
for (const { scenario, checks } of scenarios) {
  const ok = checks.filter((c) => c.status === "SUCCESS").length;
  const bad = checks.filter((c) => c.status === "FAILURE");
  passed += ok;
  failed += bad.length;
  for (const c of bad) failures.push(`${scenario} / ${c.id}: ${c.errorMessage ?? c.description}`);
  console.log(`${bad.length === 0 ? "pass" : "FAIL"}  ${scenario}: ${ok} passed, ${bad.length} failed`);
}
const clean = scenarios.filter((s) => !s.checks.some((c) => c.status === "FAILURE")).length;
console.log(`\nScenarios: ${clean} of ${scenarios.length} without a failed check`);
console.log(`Checks: ${passed} passed, ${failed} failed (the suite exited with ${exitCode})`);
if (failures.length > 0) console.log(`\nFailed checks:\n${failures.map((f) => `  ${f}`).join("\n")}`);

proxy.close();
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
