import type { MarketplaceItem } from "@neuroos/contracts";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { marketplaceInstalls, users } from "../db/schema";
import { describeEachDatabase } from "../test/databases";
import { buildSignup, buildTestApp, cookiePair, signedInUser, type TestApp } from "../test/test-app";

type Who = { cookie: string; user: { id: string } };

describeEachDatabase("marketplace: installs that do something real, and uninstalls that undo it", (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(db(), { EXECUTIVE_ACCESS_DOMAINS: "partner.example" });
    await signedInUser(t.app); // the admin
  });
  const api = (who: Who, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as "GET",
      url,
      payload: payload as object,
      headers: { cookie: who.cookie },
    });
  const install = (who: Who, id: string) => api(who, "POST", `/api/marketplace/${id}/install`);
  const uninstall = (who: Who, id: string) => api(who, "DELETE", `/api/marketplace/${id}/install`);
  const item = async (who: Who, id: string) =>
    (await api(who, "GET", `/api/marketplace/${id}`)).json() as MarketplaceItem;
  const agentNames = async (who: Who) =>
    ((await api(who, "GET", "/api/agents")).json() as { name: string }[]).map((a) => a.name);
  const prompts = async (who: Who) => {
    const docs = (await api(who, "GET", "/api/documents?kind=prompt-canvas")).json() as { id: string }[];
    const all = await Promise.all(
      docs.map(async (d) => (await api(who, "GET", `/api/documents/${d.id}`)).json()),
    );
    return all.flatMap((d) => d.content as { id: string; title: string; content: string }[]);
  };
  const pinned = async (who: Who) => (await api(who, "GET", "/api/preferences/pinned-apps")).json().value;

  it("an agent preset becomes one of the person's agents; uninstalling deletes it", async () => {
    const who = await signedInUser(t.app);
    const res = await install(who, "code-reviewer");
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ downloadCount: 1, install: { state: "installed", rating: null } });
    const agents = (await api(who, "GET", "/api/agents")).json();
    expect(agents.find((a: { name: string }) => a.name === "Code Reviewer")).toMatchObject({
      tools: ["list_files", "read_file", "search_files"],
      safeMode: true,
      temperature: 0.2,
      isDefault: false,
    });
    const again = await install(who, "code-reviewer");
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("“Code Reviewer” is already installed");

    const removed = await uninstall(who, "code-reviewer");
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ downloadCount: 0, install: null });
    expect(await agentNames(who)).toEqual(["Interpreter"]);
  });

  it("a prompt template lands in Prompt Canvas next to the person's own prompts; uninstalling removes only it", async () => {
    const who = await signedInUser(t.app);
    const own = {
      id: "mine",
      title: "Mine",
      content: "My prompt",
      timestamp: 1,
      isFavorite: true,
      lastResult: null,
    };
    await api(who, "POST", "/api/documents", { kind: "prompt-canvas", title: "Prompts", content: [own] });
    expect((await install(who, "meeting-summary")).statusCode).toBe(201);
    const after = await prompts(who);
    expect(after.map((p) => p.id)).toEqual(["marketplace-meeting-summary", "mine"]);
    expect(after[0]).toMatchObject({ title: "Meeting Summary", isFavorite: false, lastResult: null });
    expect(after[0]?.content).toContain("{{notes}}");

    expect((await uninstall(who, "meeting-summary")).statusCode).toBe(200);
    expect(await prompts(who)).toEqual([own]);

    // No library yet: the install makes one.
    const fresh = await signedInUser(t.app);
    expect((await install(fresh, "sql-explainer")).statusCode).toBe(201);
    expect((await prompts(fresh)).map((p) => p.title)).toEqual(["SQL Explainer"]);
  });

  it("a tool adds an MCP server to the person's servers, ready to connect; a name already used is refused and nothing recorded", async () => {
    const who = await signedInUser(t.app);
    expect((await install(who, "mcp-everything")).statusCode).toBe(201);
    const servers = (await api(who, "GET", "/api/mcp/servers")).json();
    expect(servers).toEqual([
      expect.objectContaining({
        name: "everything",
        transport: "stdio",
        command: "npx",
        args: ["-y", "@modelcontextprotocol/server-everything"],
        enabled: true,
      }),
    ]);
    expect((await uninstall(who, "mcp-everything")).statusCode).toBe(200);
    expect((await api(who, "GET", "/api/mcp/servers")).json()).toEqual([]);

    await api(who, "POST", "/api/mcp/servers", { transport: "stdio", name: "memory", command: "node" });
    const clash = await install(who, "mcp-memory");
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe("You already have an MCP server with this name");
    expect(await item(who, "mcp-memory")).toMatchObject({ install: null, downloadCount: 0 });
  });

  it("app shortcuts pin apps to the desktop and dashboard (installs racing keep each other's pins); uninstalling unpins", async () => {
    const who = await signedInUser(t.app);
    const results = await Promise.all(
      ["terminal-shortcut", "analytics-shortcut", "ide-shortcut"].map((id) => install(who, id)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect([...(await pinned(who))].sort()).toEqual(["analytics", "ide", "terminal"]);
    expect((await uninstall(who, "terminal-shortcut")).statusCode).toBe(200);
    expect([...(await pinned(who))].sort()).toEqual(["analytics", "ide"]);
    const bad = await api(who, "PUT", "/api/preferences/pinned-apps", { value: ["minesweeper"] });
    expect(bad.statusCode).toBe(400);
  });

  it("counts one install per person, also when installs race; ratings average the people who installed it", async () => {
    const who = await signedInUser(t.app);
    const racing = await Promise.all(Array.from({ length: 6 }, () => install(who, "data-analyst")));
    expect(racing.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(racing.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect((await agentNames(who)).filter((n) => n === "Data Analyst")).toHaveLength(1);

    const others = await Promise.all(Array.from({ length: 4 }, () => signedInUser(t.app)));
    const installs = await Promise.all(others.map((o) => install(o, "data-analyst")));
    expect(installs.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect((await item(who, "data-analyst")).downloadCount).toBe(5);

    await Promise.all(
      [who, ...others.slice(0, 2)].map((o, i) =>
        api(o, "PUT", "/api/marketplace/data-analyst/rating", { stars: [5, 4, 2][i] }),
      ),
    );
    expect(await item(who, "data-analyst")).toMatchObject({
      rating: 3.7,
      ratingCount: 3,
      install: { rating: 5 },
    });

    // Two uninstalls racing: one undoes it, the other is told it is not installed.
    const undo = await Promise.all([uninstall(who, "data-analyst"), uninstall(who, "data-analyst")]);
    expect(undo.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await agentNames(who)).filter((n) => n === "Data Analyst")).toHaveLength(0);
    expect(await item(who, "data-analyst")).toMatchObject({ downloadCount: 4, ratingCount: 2, rating: 3 });
  });

  it("uninstalls what the person already deleted by hand without complaint", async () => {
    const who = await signedInUser(t.app);
    await install(who, "code-reviewer");
    const agent = (await api(who, "GET", "/api/agents"))
      .json()
      .find((a: { name: string }) => a.name === "Code Reviewer");
    expect((await api(who, "DELETE", `/api/agents/${agent.id}`)).statusCode).toBe(204);
    expect((await uninstall(who, "code-reviewer")).statusCode).toBe(200);
  });

  it("an install under way blocks another and its uninstall; one cut off by a stopped server does not", async () => {
    const who = await signedInUser(t.app);
    await db().db.insert(marketplaceInstalls).values({ userId: who.user.id, itemId: "code-reviewer" });
    expect((await install(who, "code-reviewer")).json().error.message).toBe(
      "“Code Reviewer” is being installed",
    );
    expect((await uninstall(who, "code-reviewer")).json().error.message).toBe(
      "“Code Reviewer” is still being installed",
    );
    expect((await item(who, "code-reviewer")).install).toMatchObject({ state: "installing" });
    await db()
      .db.update(marketplaceInstalls)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(marketplaceInstalls.userId, who.user.id));
    expect((await install(who, "code-reviewer")).statusCode).toBe(201);
    expect((await agentNames(who)).filter((n) => n === "Code Reviewer")).toHaveLength(1);
  });

  it("paid items install on the Pro plan only: Executive Access and Pro accounts, not free ones", async () => {
    const free = await signedInUser(t.app);
    const refused = await install(free, "research-assistant-pro");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: "plan_required",
      message:
        "“Research Assistant Pro” needs the Pro plan: Pro and Executive Access accounts can install it.",
    });
    expect(await agentNames(free)).not.toContain("Research Assistant Pro");
    expect((await item(free, "research-assistant-pro")).downloadCount).toBe(0);

    const partner = buildSignup({ email: `lead${Date.now()}@partner.example` });
    await api({ cookie: "", user: { id: "" } }, "POST", "/api/auth/signup", partner);
    const login = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: partner });
    const executive = { cookie: cookiePair(login.headers["set-cookie"]), user: login.json().user };
    expect(executive.user).toMatchObject({ plan: "pro", executiveAccess: true });
    expect((await install(executive, "research-assistant-pro")).statusCode).toBe(201);

    const upgraded = buildSignup();
    await t.app.inject({ method: "POST", url: "/api/auth/signup", payload: upgraded });
    await db().db.update(users).set({ plan: "pro" }).where(eq(users.email, upgraded.email));
    const proLogin = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: upgraded });
    const pro = { cookie: cookiePair(proLogin.headers["set-cookie"]), user: proLogin.json().user };
    expect((await install(pro, "sales-email-writer")).statusCode).toBe(201);
    expect((await item(pro, "research-assistant-pro")).downloadCount).toBe(1);
  });
});
