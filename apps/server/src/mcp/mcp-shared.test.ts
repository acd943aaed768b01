import type { McpServerDetail, McpServerSummary } from "@neuroos/contracts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SecretBox } from "../platform/secret-box";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { mcpAgentTools } from "./agent-tools";
import { McpConnections } from "./connections";
import { McpServers } from "./servers";
import { type EverythingServer, startEverything } from "./testing/everything";

type Who = { cookie: string; user: { id: string } };
const SECRET_KEY = "mcp-shared-test-secret-key-0123456789";

describeEachDatabase("MCP servers the admin shares with every user", (db) => {
  let t: TestApp;
  let admin: Who;
  let bob: Who;
  let carol: Who;
  let http: EverythingServer;
  let servers: McpServers;
  let connections: McpConnections;
  let url: string;

  beforeAll(async () => {
    http = await startEverything("streamableHttp");
    url = `${http.origin}/mcp`;
    const allowlist = `127.0.0.1:${http.port}`;
    t = await buildTestApp(db(), { LLM_ENDPOINT_ALLOWLIST: allowlist, SECRET_KEY });
    admin = await signedInUser(t.app); // the first account is the admin
    bob = await signedInUser(t.app);
    carol = await signedInUser(t.app);
    // A manager as app.ts builds it, over the same database and secret.
    const endpointPolicy = { allowlist: [allowlist] };
    servers = new McpServers({ db: db().db, box: new SecretBox(SECRET_KEY), endpointPolicy });
    connections = new McpConnections({
      endpointPolicy,
      lookup: (userId, name) => servers.byName(userId, name),
      callTimeoutMs: 30_000,
      backoff: { baseMs: 50, maxMs: 200 },
    });
  }, 60_000);
  afterAll(async () => {
    await connections?.closeAll();
    await t?.app.close();
    await http?.kill();
  });

  const api = (method: string, path: string, who: Who, payload?: unknown) =>
    t.app.inject({
      method: method as "GET",
      url: path,
      payload: payload as object,
      headers: { cookie: who.cookie },
    });
  const names = async (who: Who) =>
    ((await api("GET", "/api/mcp/servers", who)).json() as McpServerSummary[]).map((s) => s.name).sort();
  const settled = async (who: Who, id: string): Promise<McpServerDetail> => {
    for (let i = 0; i < 20; i += 1) {
      const detail = (await api("GET", `/api/mcp/servers/${id}`, who)).json() as McpServerDetail;
      if (detail.status.state !== "connecting") return detail;
    }
    throw new Error("still connecting");
  };

  it("a shared server: listed for everyone, usable by a user, its headers wholly masked for them", async () => {
    const made = await api("POST", "/api/mcp/servers", admin, {
      transport: "http",
      name: "team",
      url,
      shared: true,
      headers: { Authorization: "Bearer admin-secret-token-123456" },
    });
    expect(made.statusCode, made.body).toBe(201);
    const shared = made.json() as McpServerDetail;
    expect(shared).toMatchObject({ shared: true, allowNetwork: false });
    expect(shared.headers.Authorization).toBe("Bea…3456");

    for (const who of [bob, carol]) expect(await names(who)).toEqual(["team"]);
    const seen = await settled(bob, shared.id);
    expect(seen).toMatchObject({ name: "team", shared: true, headers: { Authorization: "…" } });
    expect(JSON.stringify(seen)).not.toContain("admin-secret");
    if (seen.status.state !== "ready") throw new Error(JSON.stringify(seen.status));

    // Bob uses its tools: as agent tools and called by name (a connection of his own).
    const offered = await mcpAgentTools({ servers, connections }, bob.user.id, ["team__echo"]);
    expect(offered.unavailable).toEqual([]);
    const [asTool] = offered.tools;
    if (asTool?.name !== "team__echo") throw new Error(JSON.stringify(offered));
    const ctx = {
      user: { id: bob.user.id, plan: "free" as const },
      sessionId: null,
      signal: new AbortController().signal,
      onOutput: () => {},
    };
    expect(JSON.stringify((await asTool.run(ctx, { message: "bob's agent" })).output)).toContain(
      "bob's agent",
    );
    const echo = await connections.callTool(bob.user.id, "team", "echo", { message: "shared with bob" });
    expect(echo.ok).toBe(true);
    expect(JSON.stringify(echo.output)).toContain("shared with bob");
    const reconnected = await api("POST", `/api/mcp/servers/${shared.id}/reconnect`, bob);
    expect(reconnected.statusCode, reconnected.body).toBe(200);
    expect((reconnected.json() as McpServerDetail).status.state).toBe("ready");
  });

  it("a user cannot change, turn off or delete a shared server: 403, nothing changes", async () => {
    const [team] = (await api("GET", "/api/mcp/servers", bob)).json() as McpServerSummary[];
    if (!team) throw new Error("no shared server");
    for (const body of [{ enabled: false }, { name: "mine" }, { shared: false }, { url }]) {
      const res = await api("PATCH", `/api/mcp/servers/${team.id}`, bob, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json().error.message).toBe(
        "This server is shared by the admin: only the admin can change it",
      );
    }
    expect((await api("DELETE", `/api/mcp/servers/${team.id}`, bob)).statusCode).toBe(403);
    expect(await names(bob)).toEqual(["team"]);
    expect((await settled(admin, team.id)).enabled).toBe(true);
  });

  it("a user cannot share a server or allow the network, on adding or changing one: 403, nothing stored", async () => {
    const refused = [
      { transport: "http", name: "mine", url, shared: true },
      { transport: "stdio", name: "mine", command: "node", shared: true },
      { transport: "stdio", name: "mine", command: "node", allowNetwork: true },
    ];
    for (const body of refused) {
      const res = await api("POST", "/api/mcp/servers", bob, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
    }
    expect(await names(bob)).toEqual(["team"]);

    const own = (
      await api("POST", "/api/mcp/servers", bob, { transport: "stdio", name: "own", command: "node" })
    ).json();
    for (const body of [{ shared: true }, { allowNetwork: true }]) {
      const res = await api("PATCH", `/api/mcp/servers/${own.id}`, bob, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
    }
    expect((await api("GET", `/api/mcp/servers/${own.id}`, bob)).json()).toMatchObject({
      shared: false,
      allowNetwork: false,
    });
    // A remote server has no network setting; an unknown field is refused.
    const remote = (
      await api("POST", "/api/mcp/servers", admin, { transport: "http", name: "remote", url })
    ).json();
    expect(
      (await api("PATCH", `/api/mcp/servers/${remote.id}`, admin, { allowNetwork: true })).statusCode,
    ).toBe(400);
    expect(
      (
        await api("POST", "/api/mcp/servers", admin, {
          transport: "http",
          name: "x",
          url,
          allowNetwork: true,
        })
      ).statusCode,
    ).toBe(400);
  });

  it("another user's own servers are never visible, by list, id, name or as tools", async () => {
    const bobs = (await api("GET", "/api/mcp/servers", bob)).json() as McpServerSummary[];
    const own = bobs.find((s) => s.name === "own");
    if (!own) throw new Error("bob has no server");
    expect(await names(carol)).toEqual(["team"]);
    expect(await names(admin)).toEqual(["remote", "team"]);
    for (const who of [carol, admin]) {
      expect((await api("GET", `/api/mcp/servers/${own.id}`, who)).statusCode).toBe(404);
      expect((await api("PATCH", `/api/mcp/servers/${own.id}`, who, { enabled: false })).statusCode).toBe(
        404,
      );
      expect((await api("POST", `/api/mcp/servers/${own.id}/reconnect`, who)).statusCode).toBe(404);
      expect((await api("DELETE", `/api/mcp/servers/${own.id}`, who)).statusCode).toBe(404);
      expect(await servers.byName(who.user.id, "own")).toBeNull();
    }
    // The admin's own (not shared) server is just as private.
    const remote = (await api("GET", "/api/mcp/servers", admin))
      .json()
      .find((s: McpServerSummary) => s.name === "remote");
    expect((await api("GET", `/api/mcp/servers/${remote.id}`, bob)).statusCode).toBe(404);
    // Carol's agent naming Bob's server's tools gets none of them.
    const carols = await mcpAgentTools({ servers, connections }, carol.user.id, ["own__echo", "team__echo"]);
    expect(carols.tools.map((x) => x.name)).toEqual(["team__echo"]);
    expect(carols.unavailable).toEqual([
      { server: "own", tools: ["own__echo"], reason: expect.stringMatching(/no MCP server of that name/) },
    ]);
    expect((await api("GET", "/api/mcp/servers/not-a-uuid", carol)).statusCode).toBe(404);
  });

  it("one name, one server: a user's own and a shared one never share a name", async () => {
    const taken = await api("POST", "/api/mcp/servers", carol, { transport: "http", name: "team", url });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe("The admin shares an MCP server with this name");
    const own = await api("POST", "/api/mcp/servers", carol, { transport: "http", name: "carols", url });
    expect(own.statusCode).toBe(201);
    expect(
      (await api("PATCH", `/api/mcp/servers/${own.json().id}`, carol, { name: "team" })).statusCode,
    ).toBe(409);
    // The admin cannot share a name someone uses, nor share an own server under such a name.
    expect(
      (await api("POST", "/api/mcp/servers", admin, { transport: "http", name: "carols", url, shared: true }))
        .statusCode,
    ).toBe(409);
    const remote = (await api("GET", "/api/mcp/servers", admin))
      .json()
      .find((s: McpServerSummary) => s.name === "remote");
    expect(
      (await api("PATCH", `/api/mcp/servers/${remote.id}`, admin, { name: "carols", shared: true }))
        .statusCode,
    ).toBe(409);
    expect(await names(carol)).toEqual(["carols", "team"]);

    // Users racing the admin for one name: the shared server gets it alone, or it is not made.
    const users = await Promise.all(Array.from({ length: 4 }, () => signedInUser(t.app)));
    const answers = await Promise.all([
      api("POST", "/api/mcp/servers", admin, { transport: "http", name: "race", url, shared: true }),
      ...users.map((who) => api("POST", "/api/mcp/servers", who, { transport: "http", name: "race", url })),
    ]);
    const sharedWon = answers[0]?.statusCode === 201;
    const created = answers.filter((a) => a.statusCode === 201).length;
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
    expect(created).toBe(sharedWon ? 1 : users.length);
    if (sharedWon) await api("DELETE", `/api/mcp/servers/${answers[0]?.json().id}`, admin);
  });

  it("the admin changes a shared server: every user sees the change; deleting it removes it for all", async () => {
    const [team] = ((await api("GET", "/api/mcp/servers", admin)).json() as McpServerSummary[]).filter(
      (s) => s.name === "team",
    );
    if (!team) throw new Error("no shared server");
    const off = await api("PATCH", `/api/mcp/servers/${team.id}`, admin, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await settled(bob, team.id)).status).toEqual({ state: "disabled" });
    const call = await connections.callTool(bob.user.id, "team", "echo", { message: "x" });
    expect(call.output).toEqual({ error: 'The MCP server "team" is turned off' });
    expect((await api("DELETE", `/api/mcp/servers/${team.id}`, admin)).statusCode).toBe(204);
    expect(await names(bob)).toEqual(["own"]);
    expect((await api("GET", `/api/mcp/servers/${team.id}`, bob)).statusCode).toBe(404);
  });
});
