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
const tasks = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ title: `Step ${i + 1}`, description: "", priority: "high" }));
const PARSE_FAILED = {
  code: "action_output_invalid",
  message: "Could not parse AI response. Please try again.",
};

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

  it("generate_table: the model's CSV cut to 10 rows × 6 columns, outer quotes stripped, at 0.3 and 500 tokens", async () => {
    const wide = Array.from({ length: 12 }, (_, r) =>
      Array.from({ length: 8 }, (_, c) => `r${r}c${c}`).join(","),
    );
    server.script(
      { kind: "text", chunks: ['Here:\n```csv\nItem,"Cost, EUR"\n', 'Rent,900\n"""Food""",300\n```'] },
      { kind: "text", chunks: [wide.join("\n")] },
      { kind: "text", chunks: ["   "] },
    );
    const good = parseSse((await run("generate_table", { input: "a budget" })).body);
    expect(good.results).toEqual([
      {
        kind: "table",
        rows: [
          ["Item", "Cost, EUR"],
          ["Rent", "900"],
          ["Food", "300"],
        ],
        cut: false,
      },
    ]);
    expect([sent().temperature, maxTokens(sent())]).toEqual([0.3, 500]);
    const cut = parseSse((await run("generate_table", { input: "a big one" })).body).results[0] as {
      rows: string[][];
      cut: boolean;
    };
    expect(cut.cut).toBe(true);
    expect([cut.rows.length, ...new Set(cut.rows.map((r) => r.length))]).toEqual([10, 6]);
    expect(cut.rows[9]?.[5]).toBe("r9c5");
    const empty = parseSse((await run("generate_table", { input: "nothing" })).body);
    expect(empty.results).toEqual([]);
    expect(empty.errors[0]?.code).toBe("action_output_invalid");
  });

  it("generate_plan: a JSON array (also fenced), missing title 'Untitled Task', missing priority medium, at most 8, at 0.7 and 800 tokens", async () => {
    server.script(
      { kind: "text", chunks: ["```json\n", JSON.stringify(tasks(5)), "\n```"] },
      {
        kind: "text",
        chunks: [JSON.stringify([{ description: "no title" }, { title: "Odd", priority: "urgent" }])],
      },
      { kind: "text", chunks: [JSON.stringify(tasks(11))] },
      { kind: "text", chunks: ['{"tasks": "not an array"}'] },
      { kind: "text", chunks: ["[{title: broken json"] },
    );
    expect(parseSse((await run("generate_plan", { input: "a trip" })).body).results).toEqual([
      { kind: "plan", tasks: tasks(5) },
    ]);
    expect([sent().temperature, maxTokens(sent())]).toEqual([0.7, 800]);
    expect(parseSse((await run("generate_plan", { input: "a trip" })).body).results).toEqual([
      {
        kind: "plan",
        tasks: [
          { title: "Untitled Task", description: "no title", priority: "medium" },
          { title: "Odd", description: "", priority: "medium" },
        ],
      },
    ]);
    const many = parseSse((await run("generate_plan", { input: "a trip" })).body).results[0] as {
      tasks: unknown[];
    };
    expect(many.tasks).toHaveLength(8);
    for (let i = 0; i < 2; i++) {
      const bad = parseSse((await run("generate_plan", { input: "a trip" })).body);
      expect([bad.results, bad.errors, bad.done]).toEqual([[], [PARSE_FAILED], false]);
    }
  });

  it("the result carries who answered and the tokens counted", async () => {
    server.script({ kind: "text", chunks: ["Hi"], usage: { input: 21, output: 3 } });
    const res = await run("run_prompt", { input: "Say hi" });
    const meta = res.body
      .split("\n")
      .filter((l) => l.startsWith("data: {"))
      .map((l) => JSON.parse(l.slice(6)))
      .find((d) => d.result)?.meta;
    expect(meta).toMatchObject({ provider: "openai", promptTokens: 21, completionTokens: 3 });
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
