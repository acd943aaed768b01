import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { parseSse, providerEnv } from "../llm/testing/helpers";
import { ProviderTestServer } from "../llm/testing/provider-server";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";

type Sent = {
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  messages: { role: string; content: string }[];
};
const table = {
  columns: ["Item", "Cost"],
  rows: [
    ["Rent", 900],
    ["Food", 300],
  ],
};
const tasks = (n: number) => ({ tasks: Array.from({ length: n }, (_, i) => ({ title: `Step ${i + 1}` })) });

describeEachDatabase("AI actions: POST /api/actions/:id/stream", (db) => {
  let server: ProviderTestServer;
  let t: TestApp;
  let who: { cookie: string };
  beforeAll(async () => {
    server = await ProviderTestServer.start();
    t = await buildTestApp(db(), providerEnv(server));
    who = await signedInUser(t.app);
  });
  afterAll(async () => {
    await t.app.close();
    await server.close();
  });
  beforeEach(() => server.reset());

  const run = (id: string, payload: object, cookie = who.cookie) =>
    t.app.inject({ method: "POST", url: `/api/actions/${id}/stream`, payload, headers: { cookie } });
  const sent = () => server.calls.at(-1)?.body as Sent;
  const maxTokens = (body: Sent) => body.max_tokens ?? body.max_completion_tokens;

  it("summarize: streams the text, ends with the checked result, with the spec's 0.3 and 150 tokens", async () => {
    server.script({ kind: "text", chunks: ["A short", " summary."] });
    const res = await run("summarize", { input: "A long note about the garden." });
    expect(res.headers["content-type"]).toMatch(/^text\/event-stream/);
    const stream = parseSse(res.body);
    expect(stream).toMatchObject({ contents: ["A short", " summary."], errors: [], done: true });
    expect(stream.results).toEqual([{ kind: "text", text: "A short summary." }]);
    expect(sent().temperature).toBe(0.3);
    expect(maxTokens(sent())).toBe(150);
    expect(sent().messages.at(-1)?.content).toContain("2-3 sentences");
    expect(sent().messages.at(-1)?.content).toContain("A long note about the garden.");
    const logs = (await t.app.inject({ url: "/api/logs?limit=50", headers: { cookie: who.cookie } })).json();
    expect(
      logs.filter((l: { metadata: { feature?: string } }) => l.metadata.feature === "action:summarize"),
    ).toHaveLength(1);
  });

  it("document actions use 0.7 and 1000 tokens; translate goes to Spanish unless told", async () => {
    server.script(
      { kind: "text", chunks: ["Hola"] },
      { kind: "text", chunks: ["Bonjour"] },
      { kind: "text", chunks: ["- a"] },
    );
    await run("translate", { input: "Hello" });
    expect(sent().messages.at(-1)?.content).toContain("to Spanish");
    expect([sent().temperature, maxTokens(sent())]).toEqual([0.7, 1000]);
    await run("translate", { input: "Hello", language: "French" });
    expect(sent().messages.at(-1)?.content).toContain("to French");
    expect(parseSse((await run("bullet_points", { input: "a and b" })).body).results).toEqual([
      { kind: "text", text: "- a" },
    ]);
  });

  it("generate_table: a table within 6 × 10 is the result; anything else is 'Could not parse AI response'", async () => {
    server.script(
      { kind: "text", chunks: ["Here:\n```json\n", JSON.stringify(table), "\n```"] },
      { kind: "text", chunks: ["no table here"] },
      {
        kind: "text",
        chunks: [
          JSON.stringify({ columns: ["A", "B", "C", "D", "E", "F", "G"], rows: [[1, 2, 3, 4, 5, 6, 7]] }),
        ],
      },
    );
    const good = parseSse((await run("generate_table", { input: "a budget" })).body);
    expect(good.results).toEqual([{ kind: "table", table }]);
    expect([sent().temperature, maxTokens(sent())]).toEqual([0.3, 500]);
    for (let i = 0; i < 2; i++) {
      const bad = parseSse((await run("generate_table", { input: "a budget" })).body);
      expect(bad.results).toEqual([]);
      expect(bad.done).toBe(false);
      expect(bad.errors).toEqual([
        { code: "action_output_invalid", message: "Could not parse AI response. Please try again." },
      ]);
    }
  });

  it("generate_plan: 5 to 8 tasks, at 0.7 and 800 tokens", async () => {
    server.script(
      { kind: "text", chunks: [JSON.stringify(tasks(6))] },
      { kind: "text", chunks: [JSON.stringify(tasks(4))] },
    );
    expect(parseSse((await run("generate_plan", { input: "a trip" })).body).results).toEqual([
      { kind: "plan", plan: tasks(6) },
    ]);
    expect([sent().temperature, maxTokens(sent())]).toEqual([0.7, 800]);
    expect(parseSse((await run("generate_plan", { input: "a trip" })).body).errors[0]?.code).toBe(
      "action_output_invalid",
    );
  });

  it("refuses an unknown action (404), a bad body (400), no session (401); a dead provider is a clear error", async () => {
    expect((await run("launch_missiles", { input: "x" })).statusCode).toBe(404);
    expect((await run("summarize", { input: "" })).statusCode).toBe(400);
    expect((await run("summarize", { input: "a\u0000b" })).statusCode).toBe(400);
    expect((await run("summarize", { input: "x", config: { provider: "nope" } })).statusCode).toBe(400);
    expect((await run("summarize", { input: "x" }, "neuroos_session=forged")).statusCode).toBe(401);
    expect(server.calls).toHaveLength(0);
    server.script({ kind: "error", status: 503, body: { error: { message: "overloaded" } } });
    const dead = await run("summarize", { input: "x" });
    expect(dead.statusCode).toBeGreaterThanOrEqual(500);
    expect(dead.json().error.code).toMatch(/^llm_/);
  });
});
