import os from "node:os";
import { beforeAll, expect, it } from "vitest";
import { InProcessBus } from "../live/bus";
import { recordExecution } from "../logs/service";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";

describeEachDatabase("system API", (db) => {
  let t: TestApp;
  let alice: { cookie: string; user: { id: string } };
  let bob: { cookie: string; user: { id: string } };
  beforeAll(async () => {
    t = await buildTestApp(db());
    alice = await signedInUser(t.app);
    bob = await signedInUser(t.app);
  });
  const get = (url: string, who = alice) => t.app.inject({ url, headers: { cookie: who.cookie } });

  it("reports measured machine stats", async () => {
    await get("/api/system/stats");
    await new Promise((r) => setTimeout(r, 300));
    const stats = (await get("/api/system/stats")).json();
    expect(stats.memoryUsage.total).toBe(os.totalmem());
    expect(stats.memoryUsage.used).toBeGreaterThan(0);
    expect(stats.memoryUsage.used).toBeLessThan(os.totalmem());
    expect(stats.cpuUsage).toBeGreaterThanOrEqual(0);
    expect(stats.cpuUsage).toBeLessThanOrEqual(100);
    expect(stats.activeConnections).toBe(0);
    expect((await t.app.inject({ url: "/api/system/stats" })).statusCode).toBe(401);
  });

  it("lists modules with status, description and lastHealthCheck", async () => {
    const modules = (await get("/api/modules")).json();
    const vector = modules.find((m: { id: string }) => m.id === "vector-db");
    // PGlite loads its pgvector; the PostgreSQL here has none: searches scan exactly, and it says so.
    if (db().kind === "pglite")
      expect(vector).toMatchObject({ status: "active", description: expect.stringMatching(/HNSW/) });
    else
      expect(vector).toMatchObject({
        status: "warning",
        description: expect.stringMatching(/scans exactly/),
      });
    // No provider is configured here: the LLM Core module says so rather than 'active'.
    const core = modules.find((m: { id: string }) => m.id === "llm-core");
    expect(core).toMatchObject({ name: "LLM Core", status: "inactive" });
    expect(core.description).toMatch(/^OpenAI: /);
    for (const m of modules) {
      expect(m).toMatchObject({ name: expect.any(String), description: expect.any(String) });
      expect(Date.parse(m.lastHealthCheck)).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it("lists only the user's own execution logs, newest first, limited", async () => {
    for (const command of ["print(1)", "ls", "print(2)"]) {
      await recordExecution(
        { db: db().db, bus: new InProcessBus() },
        {
          userId: alice.user.id,
          type: command.startsWith("print") ? "code_execution" : "system_command",
          command,
          result: "ok",
          status: "success",
        },
      );
      await new Promise((r) => setTimeout(r, 5));
    }
    const logs = (await get("/api/logs?limit=2")).json();
    expect(logs.map((l: { command: string }) => l.command)).toEqual(["print(2)", "ls"]);
    expect(logs[0]).toMatchObject({ type: "code_execution", status: "success", result: "ok" });
    expect((await get("/api/logs", bob)).json()).toEqual([]);
    expect((await get("/api/logs?limit=abc")).statusCode).toBe(400);
  });
});
