import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPglite } from "../test/databases";
import { listen } from "../test/live-client";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";

const cli = createRequire(import.meta.url).resolve("@modelcontextprotocol/conformance/dist/index.js");
const baseline = path.join(import.meta.dirname, "testing/conformance-expected-failures.yml");

/**
 * The official MCP conformance suite (0.1.13, its active server scenarios) against /mcp, without
 * PUBLIC_URL (its DNS-rebinding scenario must hold on the Host alone). The suite cannot send a
 * token: a loopback proxy adds it. Only the scenarios that need the suite's own fixtures may fail
 * (the baseline, each with its reason); the suite itself fails on any other failure and on a
 * baseline entry that passes.
 */
describe("MCP conformance of /mcp", () => {
  let t: TestApp;
  let proxy: http.Server;
  let url: string;
  const results = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-conformance-"));
  beforeAll(async () => {
    t = await buildTestApp(await openTestPglite());
    const { origin } = await listen(t.app);
    const target = new URL(origin);
    const who = await signedInUser(t.app);
    const token = (
      await t.app.inject({
        method: "POST",
        url: "/api/access-tokens",
        payload: { name: "conformance", scope: "full" },
        headers: { cookie: who.cookie },
      })
    ).json().token as string;
    proxy = http.createServer((req, res) => {
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
      res.on("close", () => upstream.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`;
  });
  afterAll(async () => {
    proxy.closeAllConnections();
    proxy.close();
    await t.app.close();
    fs.rmSync(results, { recursive: true, force: true });
  });

  it("passes every server scenario but those needing the suite's fixtures", async () => {
    let output = "";
    const code = await new Promise<number>((resolve) => {
      const child = spawn(
        process.execPath,
        [cli, "server", "--url", url, "--output-dir", results, "--expected-failures", baseline],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      child.stdout.on("data", (d) => {
        output += d;
      });
      child.stderr.on("data", (d) => {
        output += d;
      });
      child.on("exit", (c) => resolve(c ?? 1));
    });
    const checks = fs
      .readdirSync(results)
      .flatMap(
        (dir) =>
          JSON.parse(fs.readFileSync(path.join(results, dir, "checks.json"), "utf8")) as { status: string }[],
      );
    const passed = checks.filter((c) => c.status === "SUCCESS").length;
    console.log(`MCP conformance: ${passed} of ${checks.length} checks passed`);
    expect(code, output.slice(-3000)).toBe(0);
    expect(passed).toBeGreaterThanOrEqual(9);
  }, 240_000);
});
