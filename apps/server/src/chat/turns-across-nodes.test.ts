import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { nodeToJudgeDead } from "../cluster/testing/two-nodes";
import { type Database, openPostgres } from "../db/client";
import { runningExecutions } from "../db/schema";
import { providerEnv } from "../llm/testing/helpers";
import { ProviderTestServer } from "../llm/testing/provider-server";
import { describeEachDatabase } from "../test/databases";
import { LiveClient, listen } from "../test/live-client";
import { sandboxReady } from "../test/sandbox-ready";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { NODE_LOST_TEXT } from "./replies";

type Frame = Record<string, unknown>;
type Who = { cookie: string; user: { id: string } };
/** Nodes that say they are alive every 200 ms, and count another dead after a second of silence. */
const heartbeat = { heartbeatMs: 200, deadAfterMs: 1000 };

// Two nodes on one PostgreSQL; on PGlite, which one process holds, "node B" is node A itself.
describeEachDatabase("chat turns, questions and Stop across server nodes", (db) => {
  let provider: ProviderTestServer;
  let dataDir: string;
  let second: Database | null = null;
  let a: TestApp;
  let b: TestApp;
  let bAddress: { wsUrl: string; origin: string };
  let who: Who;
  let aLive: LiveClient;
  let bLive: LiveClient;
  const env = () => providerEnv(provider, { DATA_DIR: dataDir, LLM_TIMEOUT_MS: "10000" });

  beforeAll(async () => {
    provider = await ProviderTestServer.start();
    // The nodes share the users' workspaces, as deployed nodes mount one path.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-nodes-"));
    a = await buildTestApp(db(), env(), { heartbeat });
    second = db().kind === "postgres" ? await openPostgres(db().url ?? "") : null;
    b = second ? await buildTestApp(second, env(), { heartbeat }) : a;
    const aAddress = await listen(a.app);
    bAddress = b === a ? aAddress : await listen(b.app);
    who = await signedInUser(a.app);
    aLive = await LiveClient.connect(aAddress.wsUrl, { cookie: who.cookie, origin: aAddress.origin });
    bLive = await LiveClient.connect(bAddress.wsUrl, { cookie: who.cookie, origin: bAddress.origin });
  });
  afterAll(async () => {
    aLive.socket.close();
    bLive.socket.close();
    if (b !== a) await b.app.close();
    await a.app.close();
    await second?.close();
    await provider.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    provider.reset();
    aLive.frames.length = 0;
    bLive.frames.length = 0;
  });

  const api = (app: TestApp, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    app.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
  const agentSession = async () => {
    const [agent] = (await api(a, "GET", "/api/agents")).json();
    return (await api(a, "POST", "/api/sessions", { title: "Across nodes", agentId: agent.id })).json()
      .id as string;
  };
  const messages = async (app: TestApp, sessionId: string) =>
    (await api(app, "GET", `/api/sessions/${sessionId}/messages`)).json() as {
      role: string;
      content: string;
      metadata: Record<string, unknown>;
    }[];
  const turnEnd = (live: LiveClient, sessionId: string, ms = 15_000) =>
    live.next((f) => f.type === "agent_status" && f.sessionId === sessionId && f.state !== "running", ms);
  const runRows = async (id: string) =>
    (await db().db.select().from(runningExecutions).where(eq(runningExecutions.id, id))).length;
  const writeCall = (content: string) => ({
    kind: "tool-calls" as const,
    calls: [{ id: "w1", name: "write_file", args: { path: "/home/user/nodes.txt", content } }],
  });

  it("a question asked by a turn on node A is answered through node B, and the turn goes on", async () => {
    await api(a, "PUT", "/api/settings", { defaultProvider: "openai", safeMode: true });
    provider.script(writeCall("from the model"), { kind: "text", chunks: ["Written."] });
    const sessionId = await agentSession();
    aLive.send({ type: "chat_message", sessionId, content: "write it" });
    const asked = await bLive.next((f) => f.type === "approval_request" && f.sessionId === sessionId);
    // A browser that connects to B now is told, first, that the turn runs and what it waits for.
    const late = await LiveClient.connect(bAddress.wsUrl, { cookie: who.cookie, origin: bAddress.origin });
    const running = await late.next((f) => f.type === "agent_status" && f.sessionId === sessionId);
    expect(running).toMatchObject({ state: "running" });
    expect(await late.next((f) => f.type === "approval_request")).toEqual(asked);
    expect(late.frames.indexOf(running)).toBe(0);
    late.socket.close();

    bLive.send({
      type: "approval_response",
      approvalId: asked.approvalId,
      approved: true,
      input: { content: "edited on B" },
    });
    expect(await turnEnd(aLive, sessionId)).toMatchObject({ state: "done" });
    expect(await bLive.next((f) => f.type === "approval_settled")).toMatchObject({
      approvalId: asked.approvalId,
      approved: true,
      reason: "approved",
    });
    const file = await api(b, "GET", "/api/files/content?path=/home/user/nodes.txt");
    expect(file.json().content).toBe("edited on B");
    const stored = await messages(b, sessionId);
    expect(stored.find((m) => m.role === "tool")?.metadata).toMatchObject({
      approval: { approved: true, reason: "approved", edited: true },
    });
    expect(stored.at(-1)).toMatchObject({ role: "assistant", content: "Written." });
    // Settled once: answering again, on either node, finds nothing waiting.
    aLive.send({ type: "approval_response", approvalId: asked.approvalId, approved: false });
    expect(await aLive.next((f) => f.type === "error")).toMatchObject({
      code: "not_found",
      message: "No such approval is waiting",
    });
  });

  it("Stop sent through node B ends the turn streaming on A; a second message through B meanwhile is refused", async () => {
    await api(a, "PUT", "/api/settings", { defaultProvider: "openai" });
    const chunks = Array.from({ length: 100 }, (_, i) => `${i} `);
    provider.script({ kind: "text", chunks, delayMs: 100 });
    const sessionId = await agentSession();
    aLive.send({ type: "chat_message", sessionId, content: "count slowly" });
    await bLive.next((f) => f.type === "chat_token" && f.sessionId === sessionId);
    bLive.send({ type: "chat_message", sessionId, content: "and again" });
    expect(await bLive.next((f) => f.type === "error")).toMatchObject({
      code: "conflict",
      message: "A reply is still streaming in this session",
    });
    const started = Date.now();
    bLive.send({ type: "chat_stop", sessionId });
    expect(await turnEnd(bLive, sessionId)).toMatchObject({ state: "stopped" });
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await messages(a, sessionId)).filter((m) => m.content === "and again")).toEqual([]);
    // The session takes a message again, through either node.
    provider.script({ kind: "text", chunks: ["Again."] });
    bLive.send({ type: "chat_message", sessionId, content: "and again" });
    await bLive.next((f) => f.type === "chat_message" && (f.message as Frame).content === "Again.", 10_000);
  });

  it("an execution running on node A is cancelled through node B at once; another user's or an unknown id is refused at once", async (ctx) => {
    if (!sandboxReady) ctx.skip();
    const bob: Who = await signedInUser(b.app);
    const bobLive = await LiveClient.connect(bAddress.wsUrl, { cookie: bob.cookie, origin: bAddress.origin });
    const sessionId = (await api(a, "POST", "/api/sessions", { agentId: null })).json().id as string;
    const code = "import time\nprint('go', flush=True)\ntime.sleep(60)";
    aLive.send({ type: "code_execution", sessionId, language: "python", code });
    const start = await bLive.next((f) => f.type === "execution_start", 15_000);
    await bLive.next((f) => f.type === "execution_output" && f.executionId === start.executionId);
    // Its row says where it runs, and whose it is: nobody waits for the other nodes to answer.
    let asked = Date.now();
    bobLive.send({ type: "execution_cancel", executionId: start.executionId });
    expect(await bobLive.next((f) => f.type === "error")).toMatchObject({
      code: "not_found",
      message: "No such running execution",
    });
    expect(Date.now() - asked).toBeLessThan(500);
    expect(aLive.frames.some((f) => f.type === "execution_result")).toBe(false);
    bobLive.socket.close();

    asked = Date.now();
    bLive.send({ type: "execution_cancel", executionId: start.executionId });
    const result = await aLive.next((f) => f.type === "execution_result", 5000);
    expect(Date.now() - asked).toBeLessThan(1000);
    expect(result.result).toMatchObject({ success: false });
    expect(String((result.result as { output: string }).output)).toContain("cancelled");
    expect(bLive.frames.some((f) => f.type === "error")).toBe(false);
    asked = Date.now();
    bLive.send({ type: "execution_cancel", executionId: randomUUID() });
    expect(await bLive.next((f) => f.type === "error")).toMatchObject({
      code: "not_found",
      message: "No such running execution",
    });
    expect(Date.now() - asked).toBeLessThan(500);
    // The run ended: its row went with it, and cancelling it again is refused.
    await expect.poll(() => runRows(start.executionId as string)).toBe(0);
    bLive.frames.length = 0;
    bLive.send({ type: "execution_cancel", executionId: start.executionId });
    expect(await bLive.next((f) => f.type === "error")).toMatchObject({ code: "not_found" });
  });

  it("a node whose heartbeat stops leaves its turn failed, for the person to see on the other nodes", async (ctx) => {
    if (db().kind !== "postgres") ctx.skip();
    // Node C says it is alive once, at start; its heartbeat is then held by hand: fresh while its
    // turn starts, then an hour old, as a node that stopped answering.
    const c = await nodeToJudgeDead(db(), env());
    const { beat } = c;
    const cAddress = c;
    const cLive = await LiveClient.connect(cAddress.wsUrl, { cookie: who.cookie, origin: cAddress.origin });
    try {
      await api(a, "PUT", "/api/settings", { defaultProvider: "openai", safeMode: true });
      provider.script(writeCall("never written"));
      const sessionId = await agentSession();
      cLive.send({ type: "chat_message", sessionId, content: "write it" });
      const asked = await aLive.next((f) => f.type === "approval_request" && f.sessionId === sessionId);
      await beat("-1 hour");

      const failed = await aLive.next(
        (f) => f.type === "chat_message" && ((f.message as Frame).metadata as Frame).error !== undefined,
        5000,
      );
      expect(failed.message).toMatchObject({ sessionId, content: "", metadata: { error: NODE_LOST_TEXT } });
      expect(await turnEnd(aLive, sessionId)).toMatchObject({ state: "error", detail: NODE_LOST_TEXT });
      expect(await aLive.next((f) => f.type === "approval_settled")).toMatchObject({
        approvalId: asked.approvalId,
        approved: false,
        reason: "failed",
      });
      expect((await messages(a, sessionId)).at(-1)).toMatchObject({
        role: "assistant",
        metadata: { error: NODE_LOST_TEXT },
      });
      // The session is free again, and nothing is offered as waiting.
      bLive.send({ type: "approval_response", approvalId: asked.approvalId, approved: true });
      expect(await bLive.next((f) => f.type === "error")).toMatchObject({ code: "not_found" });
      provider.script({ kind: "text", chunks: ["Back."] });
      aLive.send({ type: "chat_message", sessionId, content: "are you there?" });
      await aLive.next((f) => f.type === "chat_message" && (f.message as Frame).content === "Back.", 10_000);
    } finally {
      cLive.socket.close();
      await c.app.close();
    }
  });
});
