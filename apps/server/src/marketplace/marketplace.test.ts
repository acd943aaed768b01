import { MAX_PUBLISHED_PER_ACCOUNT, type MarketplaceItem, marketplaceItemSchema } from "@neuroos/contracts";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";

type Who = { cookie: string; user: { id: string } } | null;

describeEachDatabase("marketplace: browsing and publishing", (db) => {
  let t: TestApp;
  let admin: Who;
  let alice: Who;
  let bob: Who;
  beforeAll(async () => {
    t = await buildTestApp(db());
    admin = await signedInUser(t.app); // the first account is the admin
    alice = await signedInUser(t.app);
    bob = await signedInUser(t.app);
  });
  const api = (who: Who, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as "GET",
      url,
      payload: payload as object,
      headers: who ? { cookie: who.cookie } : {},
    });
  const list = async (who: Who, query = "") => {
    const res = await api(who, "GET", `/api/marketplace${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MarketplaceItem[];
  };
  const titles = (items: MarketplaceItem[]) => items.map((i) => i.title);

  it("shows visitors the catalogue with the spec's fields; searches and filters on the server", async () => {
    const all = await list(null);
    expect(all.length).toBeGreaterThanOrEqual(19);
    for (const item of all) {
      expect(marketplaceItemSchema.parse(item)).toEqual(item);
      expect(item.install).toBeNull();
      expect(Math.round(item.price * 100)).toBeCloseTo(item.price * 100, 6);
    }
    const pro = all.find((i) => i.id === "research-assistant-pro");
    expect(pro).toMatchObject({ price: 19.99, needsPro: true, category: "service", downloadCount: 0 });
    expect(pro?.effect).toBe("Adds the agent “Research Assistant Pro” to your Tools & Agents.");

    const models = await list(null, "?category=ai-model");
    expect(models.length).toBe(7);
    expect(new Set(models.map((i) => i.category))).toEqual(new Set(["ai-model"]));
    expect(new Set(models.map((i) => i.kind))).toEqual(new Set(["local-model", "embedding-model"]));
    expect(titles(await list(null, "?search=sql"))).toEqual(["SQL Explainer"]);
    expect(titles(await list(null, "?search=%20MEETING%20&category=template"))).toEqual(["Meeting Summary"]);
    expect(titles(await list(null, "?search=meeting&category=tool"))).toEqual([]);
    expect(await list(null, "?search=no-such-thing-anywhere")).toEqual([]);

    const detail = (await api(null, "GET", "/api/marketplace/code-reviewer")).json();
    expect(detail.description).toMatch(/^Code Reviewer reads the files in your workspace/);
    expect((await api(null, "GET", "/api/marketplace/terminal-shortcut")).json().appId).toBe("terminal");
  });

  it("answers bad queries and unknown items clearly, and installs only for an account", async () => {
    const bad = await api(null, "GET", "/api/marketplace?category=spaceship");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.category).toMatch(
      /Category is one of all, ai-model, tool, template, service/,
    );
    expect((await api(null, "GET", `/api/marketplace?search=${"x".repeat(201)}`)).statusCode).toBe(400);
    for (const id of ["nope", "NOPE", "../etc", "00000000-0000-0000-0000-000000000000"]) {
      const res = await api(alice, "GET", `/api/marketplace/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: "not_found", message: "No such marketplace item" });
    }
    expect((await api(null, "POST", "/api/marketplace/code-reviewer/install")).statusCode).toBe(401);
    expect((await api(alice, "POST", "/api/marketplace/nope/install")).statusCode).toBe(404);
    expect((await api(alice, "DELETE", "/api/marketplace/code-reviewer/install")).json().error.message).toBe(
      "“Code Reviewer” is not installed",
    );
    const rate = await api(alice, "PUT", "/api/marketplace/code-reviewer/rating", { stars: 6 });
    expect(rate.statusCode).toBe(400);
    expect((await api(alice, "PUT", "/api/marketplace/code-reviewer/rating", { stars: 4 })).statusCode).toBe(
      409,
    );
  });

  it("publishes a person's agent privately; the admin makes it public; others only read and install it", async () => {
    const agent = (
      await api(alice, "POST", "/api/agents", {
        name: "Poet",
        systemPrompt: "You write short poems.",
        tools: ["read_file", "files__search"],
        temperature: 1.1,
      })
    ).json();
    const publishable = (await api(alice, "GET", "/api/marketplace/publishable")).json();
    expect(publishable.agents.map((a: { name: string }) => a.name)).toEqual(["Interpreter", "Poet"]);
    const made = await api(alice, "POST", "/api/marketplace/entries", {
      source: { type: "agent", id: agent.id },
      title: "Poet",
      shortDescription: "Short poems on request.",
      description: "An agent that writes short poems.",
    });
    expect(made.statusCode, made.body).toBe(201);
    const entry = made.json() as MarketplaceItem;
    expect(entry).toMatchObject({
      kind: "agent-preset",
      category: "service",
      visibility: "private",
      imageUrl: null,
      price: 0,
      publisher: { id: alice?.user.id },
    });

    // Private: its owner and the admin see it; nobody else does.
    expect(titles(await list(alice, "?search=poems"))).toEqual(["Poet"]);
    expect(titles(await list(admin, "?category=service&search=poet"))).toEqual(["Poet"]);
    expect(titles(await list(bob, "?search=poems"))).toEqual([]);
    expect(titles(await list(null, "?search=poems"))).toEqual([]);
    for (const [method, url] of [
      ["GET", `/api/marketplace/${entry.id}`],
      ["POST", `/api/marketplace/${entry.id}/install`],
      ["PATCH", `/api/marketplace/entries/${entry.id}`],
      ["DELETE", `/api/marketplace/entries/${entry.id}`],
    ] as const)
      expect(
        (await api(bob, method, url, method === "PATCH" ? { title: "Mine" } : undefined)).statusCode,
      ).toBe(404);

    // Only the admin makes it public; its owner edits its texts.
    const selfApproved = await api(alice, "PATCH", `/api/marketplace/entries/${entry.id}`, {
      visibility: "public",
    });
    expect(selfApproved.statusCode).toBe(403);
    expect(selfApproved.json().error.message).toBe("Only the admin can make an entry public or private");
    expect(
      (await api(alice, "PATCH", `/api/marketplace/entries/${entry.id}`, { title: "Pocket Poet" })).json()
        .title,
    ).toBe("Pocket Poet");
    expect(
      (await api(admin, "PATCH", `/api/marketplace/entries/${entry.id}`, { title: "Admin's" })).statusCode,
    ).toBe(403);
    const approved = await api(admin, "PATCH", `/api/marketplace/entries/${entry.id}`, {
      visibility: "public",
    });
    expect(approved.json()).toMatchObject({ visibility: "public", title: "Pocket Poet" });

    expect(titles(await list(null, "?search=poems"))).toEqual(["Pocket Poet"]);
    const readOnly = await api(bob, "PATCH", `/api/marketplace/entries/${entry.id}`, { title: "Mine" });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().error.message).toBe("Entries published by others are read-only");
    expect((await api(bob, "DELETE", `/api/marketplace/entries/${entry.id}`)).statusCode).toBe(403);

    // Bob installs a copy: an agent of his own, without Alice's MCP tools.
    const installed = await api(bob, "POST", `/api/marketplace/${entry.id}/install`);
    expect(installed.statusCode, installed.body).toBe(201);
    expect(installed.json()).toMatchObject({ downloadCount: 1, install: { state: "installed" } });
    const bobs = (await api(bob, "GET", "/api/agents")).json();
    const copy = bobs.find((a: { name: string }) => a.name === "Poet");
    expect(copy).toMatchObject({
      systemPrompt: "You write short poems.",
      tools: ["read_file"],
      temperature: 1.1,
    });

    // Withdrawn: gone from the marketplace; Bob's copy stays his.
    expect((await api(alice, "DELETE", `/api/marketplace/entries/${entry.id}`)).statusCode).toBe(204);
    expect((await api(bob, "GET", `/api/marketplace/${entry.id}`)).statusCode).toBe(404);
    expect((await api(bob, "GET", `/api/agents/${copy.id}`)).statusCode).toBe(200);
  });

  it("publishes a saved prompt of Prompt Canvas as a template; refuses what is not the person's", async () => {
    const library = [
      {
        id: "p1",
        title: "Limerick",
        content: "Write a limerick about {{topic}}.",
        timestamp: 1,
        isFavorite: false,
        lastResult: null,
      },
      {
        id: "marketplace-sql-explainer",
        title: "SQL Explainer",
        content: "Explain {{query}}",
        timestamp: 2,
        isFavorite: false,
        lastResult: null,
      },
    ];
    expect(
      (await api(alice, "POST", "/api/documents", { kind: "prompt-canvas", content: library })).statusCode,
    ).toBe(201);
    const publishable = (await api(alice, "GET", "/api/marketplace/publishable")).json();
    expect(publishable.prompts.map((p: { id: string }) => p.id)).toEqual(["p1"]);
    const made = await api(alice, "POST", "/api/marketplace/entries", {
      source: { type: "prompt", id: "p1" },
      title: "Limericks",
      shortDescription: "A limerick on any topic.",
      description: "Fill in the topic.",
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      kind: "prompt-template",
      category: "template",
      visibility: "private",
    });
    expect(titles(await list(alice, "?category=template&search=limerick"))).toEqual(["Limericks"]);

    const texts = { title: "T", shortDescription: "S", description: "D" };
    const bobsAgent = (await api(bob, "GET", "/api/agents")).json()[0];
    const refused: [unknown, number, string][] = [
      [{ ...texts, source: { type: "agent", id: bobsAgent.id } }, 404, "not_found"],
      [{ ...texts, source: { type: "agent", id: "not-an-id" } }, 404, "not_found"],
      [{ ...texts, source: { type: "prompt", id: "marketplace-sql-explainer" } }, 404, "not_found"],
      [{ ...texts, source: { type: "file", id: "x" } }, 400, "validation_failed"],
      [{ source: { type: "prompt", id: "p1" }, title: "T" }, 400, "validation_failed"],
      [{ ...texts, title: "x".repeat(81), source: { type: "prompt", id: "p1" } }, 400, "validation_failed"],
      [{ ...texts, visibility: "public", source: { type: "prompt", id: "p1" } }, 400, "validation_failed"],
    ];
    const before = (await list(admin)).length;
    for (const [body, status, code] of refused) {
      const res = await api(alice, "POST", "/api/marketplace/entries", body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.code).toBe(code);
    }
    const empty = await api(alice, "PATCH", `/api/marketplace/entries/${made.json().id}`, {});
    expect(empty.statusCode).toBe(400);
    expect((await list(admin)).length).toBe(before);
  });

  it(`keeps at most ${MAX_PUBLISHED_PER_ACCOUNT} entries per person, also when publishes race`, async () => {
    const carol = await signedInUser(t.app);
    await api(carol, "POST", "/api/documents", {
      kind: "prompt-canvas",
      content: [
        { id: "q", title: "Q", content: "Question?", timestamp: 1, isFavorite: false, lastResult: null },
      ],
    });
    const body = { source: { type: "prompt", id: "q" }, title: "Q", shortDescription: "Q", description: "Q" };
    const results = await Promise.all(
      Array.from({ length: MAX_PUBLISHED_PER_ACCOUNT + 5 }, () =>
        api(carol, "POST", "/api/marketplace/entries", body),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(MAX_PUBLISHED_PER_ACCOUNT);
    const over = results.filter((r) => r.statusCode === 409);
    expect(over).toHaveLength(5);
    expect(over[0]?.json().error.message).toBe(
      `At most ${MAX_PUBLISHED_PER_ACCOUNT} published entries per account`,
    );
  });
});
