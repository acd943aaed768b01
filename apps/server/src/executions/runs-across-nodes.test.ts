import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { type Cluster, openCluster } from "../cluster/cluster";
import { nodeToJudgeDead } from "../cluster/testing/two-nodes";
import { runningExecutions } from "../db/schema";
import { describeEachDatabase } from "../test/databases";
import { LiveClient, listen } from "../test/live-client";
import { sandboxReady } from "../test/sandbox-ready";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { RUN_NODE_LOST_TEXT } from "./service";

/** Nodes that say they are alive every 200 ms, and count another dead after a second of silence. */
const heartbeat = { heartbeatMs: 200, deadAfterMs: 1000 };

// Where each run of code is, and a node that dies mid-run: the browsers on the other nodes are
// told. (Another node needs PostgreSQL: PGlite is held by one process.)
describeEachDatabase("runs of code on a node that dies", (db) => {
  let dataDir: string;
  let a: TestApp;
  let aCluster: Cluster;
  let who: { cookie: string; user: { id: string } };
  let aLive: LiveClient;
  const rows = async (where = sql`true`) => db().db.select().from(runningExecutions).where(where);

  const newSession = async () =>
    (
      await a.app.inject({
        method: "POST",
        url: "/api/sessions",
        payload: { agentId: null },
        headers: { cookie: who.cookie },
      })
    ).json().id as string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-runs-"));
    aCluster = await openCluster(db(), pino({ level: "silent" }));
    a = await buildTestApp(db(), { DATA_DIR: dataDir }, { cluster: aCluster, heartbeat });
    const address = await listen(a.app);
    who = await signedInUser(a.app);
    aLive = await LiveClient.connect(address.wsUrl, { cookie: who.cookie, origin: address.origin });
  });
  beforeEach(() => {
    aLive.frames.length = 0;
  });
  afterAll(async () => {
    aLive.socket.close();
    await a.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("a run has its row, naming its node, while it runs, and none once cancelled", async (ctx) => {
    if (!sandboxReady) ctx.skip();
    const code = "import time\nprint('go', flush=True)\ntime.sleep(60)";
    aLive.send({ type: "code_execution", sessionId: await newSession(), language: "python", code });
    const start = await aLive.next((f) => f.type === "execution_start", 15_000);
    const executionId = start.executionId as string;
    expect(await rows(eq(runningExecutions.id, executionId))).toMatchObject([{ nodeId: aCluster.nodeId }]);
    aLive.send({ type: "execution_cancel", executionId });
    await aLive.next((f) => f.type === "execution_result" && f.executionId === executionId);
    await expect.poll(async () => (await rows(eq(runningExecutions.id, executionId))).length).toBe(0);
  });

  /** The execution log's entries for one run, as its person reads them. */
  const logsOf = async (executionId: string) =>
    (
      (
        await a.app.inject({ method: "GET", url: "/api/logs?limit=100", headers: { cookie: who.cookie } })
      ).json() as { command: string; result: string; status: string; metadata: { executionId?: string } }[]
    ).filter((entry) => entry.metadata.executionId === executionId);

  it("a run on a node judged dead ends, for the browsers on the other nodes, with an execution_error and its log entry", async (ctx) => {
    if (db().kind !== "postgres" || !sandboxReady) ctx.skip();
    // Node C says it is alive once, at start; its heartbeat is then held by hand: fresh while its
    // run starts, then an hour old, as a node that stopped answering.
    const c = await nodeToJudgeDead(db(), { DATA_DIR: dataDir });
    const { beat } = c;
    const cAddress = c;
    const cLive = await LiveClient.connect(cAddress.wsUrl, { cookie: who.cookie, origin: cAddress.origin });
    try {
      const sessionId = await newSession();
      const code = "import time\nprint('go', flush=True)\ntime.sleep(6)";
      cLive.send({ type: "code_execution", sessionId, language: "python", code });
      const start = await aLive.next((f) => f.type === "execution_start", 15_000);
      await aLive.next((f) => f.type === "execution_output" && f.executionId === start.executionId);
      expect(await rows(eq(runningExecutions.id, start.executionId as string))).toMatchObject([
        { userId: who.user.id, sessionId, app: null, nodeId: c.nodeId },
      ]);
      await beat("-1 hour");

      const failed = await aLive.next((f) => f.type === "execution_error", 5000);
      expect(failed).toEqual({
        type: "execution_error",
        sessionId,
        executionId: start.executionId,
        error: RUN_NODE_LOST_TEXT,
      });
      expect(await rows(eq(runningExecutions.id, start.executionId as string))).toEqual([]);
      // Nothing runs there for anyone to cancel any more.
      aLive.send({ type: "execution_cancel", executionId: start.executionId });
      expect(await aLive.next((f) => f.type === "error")).toMatchObject({
        code: "not_found",
        message: "No such running execution",
      });
      // Told once: the sweeps after it find nothing left.
      await new Promise((r) => setTimeout(r, 600));
      expect(aLive.frames.filter((f) => f.type === "execution_error")).toHaveLength(1);
      // Its log entry is written by the node that swept it: what ran, and why it ended.
      expect(await logsOf(start.executionId as string)).toMatchObject([
        { command: code, result: RUN_NODE_LOST_TEXT, status: "error", metadata: { language: "python" } },
      ]);

      // Node C, which went on running the program, sees it end (6 s in) but tells nobody again
      // and logs nothing more: the run was given up. Its workspace notice marks the end.
      const seen = aLive.frames.length;
      await aLive.next((f) => f.type === "files_changed" && aLive.frames.indexOf(f) >= seen, 15_000);
      const told = aLive.frames.filter(
        (f) => f.executionId === start.executionId && f.type !== "execution_output",
      );
      expect(told.map((f) => f.type)).toEqual(["execution_start", "execution_error"]);
      expect(await logsOf(start.executionId as string)).toHaveLength(1);
    } finally {
      cLive.socket.close();
      await c.app.close();
    }
  });

  it("holds a person's job limit (SANDBOX_JOBS_PER_USER, 2) across the nodes, under a burst", async (ctx) => {
    if (!sandboxReady) ctx.skip();
    // On PostgreSQL a second node shares the count; PGlite is one node's.
    const c = db().kind === "postgres" ? await nodeToJudgeDead(db(), { DATA_DIR: dataDir }) : undefined;
    try {
      const apps = c ? [a.app, c.app] : [a.app];
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          apps[i % apps.length]?.inject({
            method: "POST",
            url: "/api/sandbox/run",
            headers: { cookie: who.cookie },
            payload: { language: "bash", code: "sleep 1; echo ran" },
          }),
        ),
      );
      const statuses = answers.map((r) => r?.statusCode).sort();
      expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
      const refused = answers.find((r) => r?.statusCode === 429)?.json();
      expect(refused.error.message).toBe("You already have 2 jobs running; wait for one to finish");
      expect(await rows(eq(runningExecutions.userId, who.user.id))).toEqual([]);
    } finally {
      await c?.app.close();
    }
  });

  it("a node's rows with no job behind them (their deletes failed) do not count against the person", async (ctx) => {
    if (!sandboxReady) ctx.skip();
    for (const id of ["left-1", "left-2"])
      await db()
        .db.insert(runningExecutions)
        .values({ id, userId: who.user.id, nodeId: aCluster.nodeId, app: "sandbox" });
    try {
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          a.app.inject({
            method: "POST",
            url: "/api/sandbox/run",
            headers: { cookie: who.cookie },
            payload: { language: "bash", code: "sleep 1; echo ran" },
          }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 429]);
    } finally {
      await db().db.delete(runningExecutions).where(eq(runningExecutions.userId, who.user.id));
    }
  });

  it("a node's own row with no run behind it (its delete failed) goes after a minute; a fresh one stays", async (ctx) => {
    if (db().kind !== "postgres") ctx.skip();
    const leftover = (id: string, age: string) =>
      db().db.execute(
        sql`insert into running_executions (id, user_id, app, node_id, started_at)
          values (${id}, ${who.user.id}, 'sandbox', ${aCluster.nodeId}, now() - ${age}::interval)`,
      );
    await leftover("left-over", "2 minutes");
    await leftover("just-starting", "1 second");
    await expect
      .poll(async () => (await rows(eq(runningExecutions.nodeId, aCluster.nodeId))).map((r) => r.id), {
        timeout: 3000,
      })
      .toEqual(["just-starting"]);
    // No browser is told anything of rows that had no run.
    expect(aLive.frames.some((f) => f.type === "execution_error")).toBe(false);
    await db().db.delete(runningExecutions).where(eq(runningExecutions.id, "just-starting"));
  });
});
