import type { McpServerDetail } from "@neuroos/contracts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SecretBox } from "../platform/secret-box";
import { describeEachDatabase } from "../test/databases";
import { freePort } from "../test/server-process";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { mcpAgentTools } from "./agent-tools";
import { type CallOptions, McpConnections } from "./connections";
import { McpServers } from "./servers";
import { type EverythingServer, startEverything } from "./testing/everything";

type Who = { cookie: string; user: { id: string } };
const SECRET_KEY = "mcp-client-test-secret-key-0123456789";

describeEachDatabase("NeuroOS as an MCP client (/api/mcp/servers, connections)", (db) => {
  let t: TestApp;
  let alice: Who;
  let bob: Who;
  let http: EverythingServer;
  let sse: EverythingServer;
  let doomed: EverythingServer;
  let connections: McpConnections;
  let servers: McpServers;
  const managers: McpConnections[] = [];

  beforeAll(async () => {
    [http, sse] = await Promise.all([startEverything("streamableHttp"), startEverything("sse")]);
    doomed = await startEverything("streamableHttp", await freePort());
    const allowlist = [http, sse, doomed].map((s) => `127.0.0.1:${s.port}`).join(",");
    t = await buildTestApp(db(), { LLM_ENDPOINT_ALLOWLIST: allowlist, SECRET_KEY });
    alice = await signedInUser(t.app);
    bob = await signedInUser(t.app);
    connections = manager();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(managers.map((m) => m.closeAll()));
    await t?.app.close();
    await Promise.all([http, sse, doomed].map((s) => s?.kill()));
  });

  /** A connection manager over the same database and secret as the app's (as app.ts builds it). */
  function manager(options: { callTimeoutMs?: number; maxResultBytes?: number } = {}) {
    const endpointPolicy = { allowlist: [http, sse, doomed].map((s) => `127.0.0.1:${s.port}`) };
    servers = new McpServers({ db: db().db, box: new SecretBox(SECRET_KEY), endpointPolicy });
    const made = new McpConnections({
      endpointPolicy,
      lookup: (userId, name) => servers.byName(userId, name),
      callTimeoutMs: options.callTimeoutMs ?? 30_000,
      maxResultBytes: options.maxResultBytes,
      backoff: { baseMs: 50, maxMs: 200 },
    });
    managers.push(made);
    return made;
  }
  const api = (method: string, url: string, who: Who, payload?: unknown) =>
    t.app.inject({
      method: method as "GET",
      url,
      payload: payload as object,
      headers: { cookie: who.cookie },
    });
  const add = async (who: Who, body: Record<string, unknown>) => {
    const res = await api("POST", "/api/mcp/servers", who, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as McpServerDetail;
  };
  /** GET until the state is no longer `connecting`. */
  const settled = async (who: Who, id: string): Promise<McpServerDetail> => {
    for (let i = 0; i < 20; i += 1) {
      const detail = (await api("GET", `/api/mcp/servers/${id}`, who)).json() as McpServerDetail;
      if (detail.status.state !== "connecting") return detail;
    }
    throw new Error("still connecting");
  };
  const call = (
    name: string,
    tool: string,
    args: Record<string, unknown>,
    options?: CallOptions,
    m = connections,
  ) => m.callTool(alice.user.id, name, tool, args, options);
  const texts = (output: unknown) =>
    (output as { content: { type: string; text?: string }[] }).content
      .map((c) => c.text ?? c.type)
      .join("\n");

  it("added by URL: ready with its tools, resources and prompts; headers masked; another person sees nothing", async () => {
    const made = await add(alice, {
      transport: "http",
      name: "everything",
      url: `${http.origin}/mcp`,
      headers: { "X-Api-Key": "sk-very-secret-value-123456" },
    });
    expect(made).toMatchObject({ name: "everything", transport: "http", enabled: true });
    expect(made.headers["X-Api-Key"]).toBe("sk-…3456");
    const detail = await settled(alice, made.id);
    expect(JSON.stringify(detail)).not.toContain("very-secret");
    if (detail.status.state !== "ready") throw new Error(JSON.stringify(detail.status));
    expect(detail.status.via).toBe("streamable-http");
    const names = detail.status.tools.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(["echo", "get-sum", "trigger-long-running-operation"]));
    const echo = detail.status.tools.find((x) => x.name === "echo");
    expect(echo?.inputSchema).toMatchObject({ type: "object", properties: { message: { type: "string" } } });
    expect(detail.status.resources.length).toBeGreaterThan(0);
    expect(detail.status.prompts.length).toBeGreaterThan(0);

    const list = (await api("GET", "/api/mcp/servers", alice)).json() as McpServerDetail[];
    expect(list.map((s) => s.name)).toEqual(["everything"]);
    expect((await api("GET", "/api/mcp/servers", bob)).json()).toEqual([]);
    expect((await api("GET", `/api/mcp/servers/${made.id}`, bob)).statusCode).toBe(404);
    expect((await api("PATCH", `/api/mcp/servers/${made.id}`, bob, { enabled: false })).statusCode).toBe(404);
    expect((await api("DELETE", `/api/mcp/servers/${made.id}`, bob)).statusCode).toBe(404);
    expect(await connections.callTool(bob.user.id, "everything", "echo", {})).toMatchObject({ ok: false });
    expect((await add(alice, { transport: "http", name: "dup", url: `${http.origin}/mcp` })).name).toBe(
      "dup",
    );
    expect(
      (
        await api("POST", "/api/mcp/servers", alice, {
          transport: "http",
          name: "dup",
          url: `${http.origin}/mcp`,
        })
      ).statusCode,
    ).toBe(409);
  });

  it("bad bodies are 400 and store nothing: NUL, names, URLs, SSRF targets", async () => {
    const url = `${http.origin}/mcp`;
    const bad = [
      { transport: "http", name: "a\u0000b", url },
      { transport: "http", name: "Not Plain", url },
      { transport: "http", name: "x", url: "not a url" },
      { transport: "http", name: "x", url: "file:///etc/passwd" },
      { transport: "http", name: "x", url: "http://169.254.169.254/latest/meta-data" },
      { transport: "http", name: "x", url: "http://127.0.0.1:9/mcp" },
      { transport: "http", name: "x", url: "http://[::ffff:169.254.169.254]/" },
      { transport: "http", name: "x", url, headers: { "bad header": "v" } },
      { transport: "http", name: "x", url, headers: { ok: "line\r\nInjected: 1" } },
      { transport: "ftp", name: "x", url },
      { transport: "http", name: "x", url, extra: true },
      {},
    ];
    for (const body of bad) {
      const res = await api("POST", "/api/mcp/servers", bob, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api("GET", "/api/mcp/servers", bob)).json()).toEqual([]);
  });

  it("calls tools: text, numbers, an image; an error result is ok false", async () => {
    const echo = await call("everything", "echo", { message: "hello MCP" });
    expect(echo.ok).toBe(true);
    expect(texts(echo.output)).toContain("hello MCP");
    const sum = await call("everything", "get-sum", { a: 2, b: 40 });
    expect(sum.ok).toBe(true);
    expect(texts(sum.output)).toContain("42");
    const image = await call("everything", "get-tiny-image", {});
    const items = (image.output as { content: { type: string; mimeType?: string; data?: string }[] }).content;
    expect(items.find((c) => c.type === "image")).toMatchObject({
      mimeType: "image/png",
      data: expect.any(String),
    });
    const wrong = await call("everything", "get-sum", { a: "two", b: 40 });
    expect(wrong.ok).toBe(false);
    expect(JSON.stringify(wrong.output)).toMatch(/invalid|validation|expected/i);
    const missing = await call("everything", "no-such-tool", {});
    expect(missing.ok).toBe(false);
    expect((await call("nobody", "echo", {})).output).toEqual({
      error: 'You have no MCP server named "nobody"',
    });
  });

  it("as agent tools: the selected ones only, <server>__<tool>, the server's schema, approval unless read-only", async () => {
    const config = await servers.byName(alice.user.id, "everything");
    if (!config) throw new Error("no such server");
    const status = await connections.status(config, 1000);
    if (status.state !== "ready") throw new Error(JSON.stringify(status));
    const all = status.tools.map((x) => `everything__${x.name.replace(/[^a-zA-Z0-9_-]/g, "_")}`);
    const selected = [...all, "dup__echo", "run_code", "nobody__echo", "everything__no-such-tool"];
    const { tools, unavailable } = await mcpAgentTools({ servers, connections }, alice.user.id, selected);
    expect(tools.map((x) => x.name).sort()).toEqual([...all, "dup__echo"].sort());
    expect(unavailable).toEqual([
      {
        server: "everything",
        tools: ["everything__no-such-tool"],
        reason: "the server no longer offers them",
      },
      {
        server: "nobody",
        tools: ["nobody__echo"],
        reason: "you have no MCP server of that name (removed or renamed)",
      },
    ]);
    const echo = tools.find((x) => x.name === "everything__echo");
    const long = tools.find((x) => x.name === "everything__trigger-long-running-operation");
    if (!echo || !long) throw new Error(tools.map((x) => x.name).join());
    expect(echo.jsonSchema).toMatchObject({ type: "object", properties: { message: { type: "string" } } });
    for (const tool of tools.filter((x) => x.name.startsWith("everything__"))) {
      const info = status.tools.find(
        (x) => `everything__${x.name.replace(/[^a-zA-Z0-9_-]/g, "_")}` === tool.name,
      );
      expect(tool.needsApproval).toBe(!info?.readOnly);
    }
    const output: string[] = [];
    const ctx = {
      user: { id: alice.user.id, plan: "free" as const },
      sessionId: null,
      signal: new AbortController().signal,
      onOutput: (_stream: "stdout" | "stderr", data: string) => output.push(data),
    };
    expect(texts((await echo.run(ctx, echo.input.parse({ message: "as a tool" }))).output)).toContain(
      "as a tool",
    );
    expect((await long.run(ctx, { duration: 0.4, steps: 2 })).ok).toBe(true);
    expect(output).toEqual([expect.stringMatching(/^1\/2/), expect.stringMatching(/^2\/2/)]);
    // Built-in tools only: no MCP tool, nothing unavailable; another person has none of these servers.
    expect(await mcpAgentTools({ servers, connections }, alice.user.id, ["run_code"])).toEqual({
      tools: [],
      unavailable: [],
      instructions: [],
    });
    expect((await mcpAgentTools({ servers, connections }, bob.user.id, selected)).tools).toEqual([]);
  });

  it("a long-running tool reports progress; the signal cancels it; a timeout cuts it", async () => {
    const progress: number[] = [];
    const done = await call(
      "everything",
      "trigger-long-running-operation",
      { duration: 1, steps: 4 },
      { onProgress: (p) => progress.push(p.progress) },
    );
    expect(done.ok).toBe(true);
    expect(progress).toEqual([1, 2, 3, 4]);

    const controller = new AbortController();
    const started = Date.now();
    const stopped = await call(
      "everything",
      "trigger-long-running-operation",
      { duration: 30, steps: 30 },
      { signal: controller.signal, onProgress: () => controller.abort() },
    );
    expect(stopped).toEqual({
      ok: false,
      output: { error: "Stopped: the call was cancelled", stopped: true },
    });
    expect(Date.now() - started).toBeLessThan(10_000);

    const quick = manager({ callTimeoutMs: 500 });
    const slow = await call(
      "everything",
      "trigger-long-running-operation",
      { duration: 5, steps: 5 },
      {},
      quick,
    );
    expect(slow).toEqual({
      ok: false,
      output: { error: 'The tool "trigger-long-running-operation" did not finish within 0.5 s: cancelled' },
    });
    // The connection is still good after a cancelled and a timed-out call.
    expect((await call("everything", "echo", { message: "still here" }, {}, quick)).ok).toBe(true);
  }, 30_000);

  it("a result over the size limit is cut and says so", async () => {
    const small = manager({ maxResultBytes: 200 });
    const cut = await call("everything", "echo", { message: "x".repeat(2000) }, {}, small);
    expect(cut.ok).toBe(true);
    const output = cut.output as { truncated: string; content: { text: string }[] };
    expect(output.truncated).toMatch(/over the 200-byte limit: it was cut/);
    expect(JSON.stringify(output).length).toBeLessThanOrEqual(200);
    expect(output.content[0]?.text).toMatch(/^Echo: x+$/);
  });

  it("falls back to the older SSE transport when Streamable HTTP is refused", async () => {
    const made = await add(alice, { transport: "http", name: "legacy-sse", url: `${sse.origin}/sse` });
    const detail = await settled(alice, made.id);
    expect(detail.status).toMatchObject({ state: "ready", via: "sse" });
    const echo = await call("legacy-sse", "echo", { message: "over SSE" });
    expect(echo.ok).toBe(true);
    expect(texts(echo.output)).toContain("over SSE");
  });

  it("a server killed mid-call: the call fails with the reason and the status says failed", async () => {
    const made = await add(alice, { transport: "http", name: "doomed", url: `${doomed.origin}/mcp` });
    expect((await settled(alice, made.id)).status.state).toBe("ready");
    const started = Date.now();
    const result = await call(
      "doomed",
      "trigger-long-running-operation",
      { duration: 30, steps: 30 },
      { onProgress: () => void doomed.kill() },
    );
    expect(result.ok).toBe(false);
    expect((result.output as { error: string }).error).toMatch(/^The MCP server "doomed" failed: .+/);
    expect(Date.now() - started).toBeLessThan(10_000);
    const detail = await settled(alice, made.id);
    expect(detail.status.state).toBe("failed");
    expect((detail.status as { reason: string }).reason.length).toBeGreaterThan(0);
    const again = await call("doomed", "echo", { message: "x" });
    expect(again.ok).toBe(false);
    expect((again.output as { error: string }).error).toMatch(/doomed/);

    // Back on its port: reconnected on a later use, once the backoff has passed.
    doomed = await startEverything("streamableHttp", doomed.port);
    let state = "failed";
    for (let i = 0; i < 40 && state !== "ready"; i += 1) {
      await new Promise((r) => setTimeout(r, 250));
      state = (await settled(alice, made.id)).status.state;
    }
    expect(state).toBe("ready");
    await new Promise((r) => setTimeout(r, 250));
    const back = await call("doomed", "echo", { message: "back again" });
    expect(texts(back.output)).toContain("back again");
  }, 40_000);

  it("turned off, it is disabled; removed, it is gone", async () => {
    const made = await add(alice, { transport: "http", name: "short-lived", url: `${http.origin}/mcp` });
    const off = await api("PATCH", `/api/mcp/servers/${made.id}`, alice, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false, status: { state: "disabled" } });
    expect((await call("short-lived", "echo", { message: "x" })).ok).toBe(false);
    expect(
      (await api("PATCH", `/api/mcp/servers/${made.id}`, alice, { url: "http://169.254.169.254/" }))
        .statusCode,
    ).toBe(400);
    expect((await api("PATCH", `/api/mcp/servers/${made.id}`, alice, { command: "ls" })).statusCode).toBe(
      400,
    );
    expect((await api("DELETE", `/api/mcp/servers/${made.id}`, alice)).statusCode).toBe(204);
    expect((await api("GET", `/api/mcp/servers/${made.id}`, alice)).statusCode).toBe(404);
    expect((await api("GET", "/api/mcp/servers/not-a-uuid", alice)).statusCode).toBe(404);
  });
});
