import Fastify from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { marketplaceInstalls } from "../db/schema";
import { clientError, registerErrorHandler } from "../http/errors";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, requestsAs, signedInUser, type TestApp } from "../test/test-app";

type Who = { cookie: string };
const ROUNDS = 12;

describeEachDatabase("a person's saves racing the marketplace's writes of the same rows", (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(db());
  });
  afterAll(() => t.app.close());
  const api = (...args: Parameters<ReturnType<typeof requestsAs>>) => requestsAs(t.app)(...args);
  const toggle = (who: Who, id: string, round: number) =>
    api(who, round % 2 === 0 ? "POST" : "DELETE", `/api/marketplace/${id}/install`);

  it("a Prompt Canvas save racing an install or uninstall of a prompt: each ends clearly, never a 500", async () => {
    const who = await signedInUser(t.app);
    const own = {
      id: "mine",
      title: "Mine",
      content: "My prompt",
      timestamp: 1,
      isFavorite: false,
      lastResult: null,
    };
    let doc = (
      await api(who, "POST", "/api/documents", { kind: "prompt-canvas", title: "Prompts", content: [own] })
    ).json();
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const [save, market] = await Promise.all([
        api(who, "PUT", `/api/documents/${doc.id}`, {
          version: doc.version,
          content: [{ ...own, title: `Mine ${round}` }],
        }),
        toggle(who, "meeting-summary", round),
      ]);
      statuses.push(save.statusCode, market.statusCode);
      expect([200, 409], save.body).toContain(save.statusCode);
      expect([200, 201], market.body).toContain(market.statusCode);
      doc = (await api(who, "GET", `/api/documents/${doc.id}`)).json();
    }
    expect(statuses).not.toContain(500);
  });

  it("a pinned-apps save racing an app shortcut's install or uninstall: each ends clearly, never a 500", async () => {
    const who = await signedInUser(t.app);
    for (let round = 0; round < ROUNDS; round++) {
      const [save, market] = await Promise.all([
        api(who, "PUT", "/api/preferences/pinned-apps", { value: round % 3 === 0 ? [] : ["analytics"] }),
        toggle(who, "terminal-shortcut", round),
      ]);
      expect(save.statusCode, save.body).toBe(200);
      expect([200, 201], market.body).toContain(market.statusCode);
    }
  });

  it("agents made the default at the same time: one of them is, never a 500", async () => {
    const who = await signedInUser(t.app);
    const made = await Promise.all(
      ["One", "Two", "Three"].map(async (name) =>
        (await api(who, "POST", "/api/agents", { name, systemPrompt: "Hi" })).json(),
      ),
    );
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all([
        ...made.map((a) => api(who, "PATCH", `/api/agents/${a.id}`, { isDefault: true })),
        api(who, "POST", "/api/agents", { name: `New ${round}`, systemPrompt: "Hi", isDefault: true }),
      ]);
      for (const r of answers) expect([200, 201, 409], r.body).toContain(r.statusCode);
      const agents = (await api(who, "GET", "/api/agents")).json() as { isDefault: boolean }[];
      expect(agents.filter((a) => a.isDefault)).toHaveLength(1);
    }
  });

  it("a write the database refused for colliding with another is a 409 in plain words, not a 500", async () => {
    const who = await signedInUser(t.app);
    const row = { userId: who.user.id, itemId: "code-reviewer" };
    await db().db.insert(marketplaceInstalls).values(row);
    const refused = await db()
      .db.insert(marketplaceInstalls)
      .values(row)
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    const warnings: unknown[] = [];
    expect(clientError(refused, { warn: (o: unknown) => warnings.push(o) })).toMatchObject({
      status: 409,
      code: "conflict",
      message:
        "Another change to the same data was being saved at the same moment. Reload to see the latest, then try again.",
    });
    expect(warnings).toHaveLength(1);
  });

  it("that 409 carries what the address holds now, read as the same person, where there is something to read", async () => {
    const who = await signedInUser(t.app);
    const row = { userId: who.user.id, itemId: "code-reviewer" };
    await db().db.insert(marketplaceInstalls).values(row);
    const collide = () => db().db.insert(marketplaceInstalls).values(row);
    const app = Fastify();
    registerErrorHandler(app);
    app.get("/things/:id", async (request) => ({
      id: (request.params as { id: string }).id,
      by: request.headers.cookie,
    }));
    app.put("/things/:id", collide);
    app.put("/unreadable", collide);
    try {
      const put = await app.inject({ method: "PUT", url: "/things/7", headers: { cookie: "sid=mine" } });
      expect(put.statusCode).toBe(409);
      expect(put.json().error).toMatchObject({ code: "conflict", current: { id: "7", by: "sid=mine" } });
      const nothing = await app.inject({ method: "PUT", url: "/unreadable" });
      expect(nothing.statusCode).toBe(409);
      expect(nothing.json().error).not.toHaveProperty("current");
    } finally {
      await app.close();
    }
  });
});
