import { SESSION_IMPORT_MAX_MESSAGES } from "@neuroos/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { chatMessageOutputs } from "../db/schema";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, type TestApp, type TwoPeople, twoPeople } from "../test/test-app";
import { addMessage } from "./service";
import { matchingLine, prefixQuery, searchWords } from "./session-search";

type Session = { id: string; title: string; agentId: string | null; pinnedAt: string | null };
type Exported = {
  format: string;
  version: number;
  session: { title: string };
  messages: {
    id: string;
    parentId: string | null;
    role: string;
    content: string;
    timestamp: string;
    outputs?: Record<string, unknown>[];
  }[];
  headId: string | null;
};

describe("search words", () => {
  it("keeps letters and digits as lower-case prefixes, so nothing typed is an operator", () => {
    expect(searchWords("Pyth & data:* | !x 'a'")).toEqual(["pyth", "data", "x", "a"]);
    expect(prefixQuery(["pyth", "data"])).toBe("pyth:* & data:*");
    expect(searchWords("  ")).toEqual([]);
  });
  it("answers the matching line, cut around the match", () => {
    expect(matchingLine("first line\nwe like Python a lot\nlast", ["pyth"])).toBe("we like Python a lot");
    const long = `${"word ".repeat(60)}python ${"tail ".repeat(60)}`;
    const line = matchingLine(long, ["python"]);
    expect(line).toContain("python");
    expect(line.startsWith("…")).toBe(true);
    expect(line.endsWith("…")).toBe(true);
    expect(line.length).toBeLessThan(170);
  });
});

describeEachDatabase("the sessions sidebar", (db) => {
  let t: TestApp;
  let p: TwoPeople;
  beforeAll(async () => {
    t = await buildTestApp(db());
    p = await twoPeople(t.app);
  });
  const create = async (title: string, who = p.alice, extra: object = {}): Promise<Session> => {
    const res = await p.api("POST", "/api/sessions", { title, ...extra }, who);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const titles = async (url = "/api/sessions", who = p.alice) =>
    (await p.api("GET", url, undefined, who)).json().map((s: Session) => s.title);

  it("starts a new session with the person's default agent; an explicit null is plain chat", async () => {
    const agents = (await p.api("GET", "/api/agents")).json() as { id: string; isDefault: boolean }[];
    const interpreter = agents.find((a) => a.isDefault);
    expect(interpreter).toBeDefined();
    expect((await create("Defaulted")).agentId).toBe(interpreter?.id);
    expect((await create("Plain", p.alice, { agentId: null })).agentId).toBeNull();
    // Another agent made the default is the one new sessions get.
    const writer = (
      await p.api("POST", "/api/agents", { name: "Writer", tools: [], isDefault: true })
    ).json();
    expect((await create("Written")).agentId).toBe(writer.id);
    // A person who never opened their agents gets their default too.
    expect((await create("Bob's", p.bob)).agentId).toMatch(/.+/);
    for (const s of (await p.api("GET", "/api/sessions")).json())
      await p.api("DELETE", `/api/sessions/${s.id}`);
    for (const s of (await p.api("GET", "/api/sessions", undefined, p.bob)).json())
      await p.api("DELETE", `/api/sessions/${s.id}`, undefined, p.bob);
  });

  it("lists pinned sessions first, then by latest activity; archived ones only in their own list", async () => {
    const a = await create("A");
    const b = await create("B");
    const c = await create("C");
    expect(await titles()).toEqual(["C", "B", "A"]);
    // Activity (a message of the person's) moves a session up; a rename is activity too.
    await p.api("PATCH", `/api/sessions/${a.id}`, { title: "A1" });
    expect(await titles()).toEqual(["A1", "C", "B"]);
    const pinned = (await p.api("PATCH", `/api/sessions/${b.id}`, { pinned: true })).json();
    expect(pinned.pinnedAt).toMatch(/.+/);
    expect(await titles()).toEqual(["B", "A1", "C"]);
    await p.api("PATCH", `/api/sessions/${a.id}`, { archived: true });
    expect(await titles()).toEqual(["B", "C"]);
    expect(await titles("/api/sessions?archived=true")).toEqual(["A1"]);
    expect(await titles("/api/sessions?archived=false")).toEqual(["B", "C"]);
    expect((await p.api("GET", "/api/sessions?archived=maybe")).statusCode).toBe(400);
    // Deleted and restored from the trash, an archived session stays archived.
    expect((await p.api("DELETE", `/api/sessions/${a.id}`)).statusCode).toBe(204);
    const restored = await p.api("POST", "/api/trash/restore", { type: "session", itemId: a.id });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await titles("/api/sessions?archived=true")).toEqual(["A1"]);
    await p.api("PATCH", `/api/sessions/${a.id}`, { archived: false });
    await p.api("PATCH", `/api/sessions/${b.id}`, { pinned: false });
    expect(await titles()).toEqual(["A1", "C", "B"]);
    expect(await titles("/api/sessions?archived=true")).toEqual([]);
    expect(await titles("/api/sessions", p.bob)).toEqual([]);
    for (const s of [a, b, c]) await p.api("DELETE", `/api/sessions/${s.id}`);
  });

  it("searches titles and messages by word prefixes, shows the matching line, never another's sessions", async () => {
    const s = await create("Weekly planning");
    await addMessage(db().db, {
      sessionId: s.id,
      role: "user",
      content: "Hello there\nCan you plot the histogram in Python please?\nThanks",
      metadata: {},
    });
    await addMessage(db().db, {
      sessionId: s.id,
      role: "assistant",
      content: "Sure, here it is.",
      metadata: {},
    });
    const other = await create("Bob's python notes", p.bob);
    await addMessage(db().db, { sessionId: other.id, role: "user", content: "python python", metadata: {} });

    const search = async (q: string, who = p.alice) => {
      const res = await p.api("GET", `/api/sessions/search?q=${encodeURIComponent(q)}`, undefined, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { session: Session; messageId: string | null; line: string }[];
    };
    const byWord = await search("histogram");
    expect(byWord).toEqual([
      {
        session: expect.objectContaining({ id: s.id }),
        messageId: expect.any(String),
        line: expect.any(String),
      },
    ]);
    expect(byWord[0]?.line).toBe("Can you plot the histogram in Python please?");
    const byPrefix = await search("pyth");
    expect(byPrefix.map((h) => [h.session.id, h.line])).toEqual([
      [s.id, "Can you plot the histogram in Python please?"],
    ]);
    expect(await search("plann")).toEqual([
      { session: expect.objectContaining({ id: s.id }), messageId: null, line: "Weekly planning" },
    ]);
    expect(await search("histo pyth")).toHaveLength(1);
    expect(await search("histogram nowhere")).toEqual([]);
    expect(await search("&|!:*()")).toEqual([]);
    expect((await search("python", p.bob)).every((h) => h.session.id === other.id)).toBe(true);
    expect((await p.api("GET", "/api/sessions/search?q=")).statusCode).toBe(400);
    expect((await p.api("GET", `/api/sessions/search?q=${"x".repeat(201)}`)).statusCode).toBe(400);
  });

  it("exports the branch shown as Markdown and every message as JSON; another's session is 404", async () => {
    const s = await create("Export me");
    const first = await addMessage(db().db, {
      sessionId: s.id,
      role: "user",
      content: "Question",
      metadata: {},
    });
    await addMessage(db().db, { sessionId: s.id, role: "assistant", content: "Old answer", metadata: {} });
    // A regenerated reply: a second version after the same question, now the head.
    await addMessage(db().db, {
      sessionId: s.id,
      role: "assistant",
      content: "New answer with ```code```",
      metadata: { model: "m" },
      parentId: first.id,
    });
    const md = await p.api("GET", `/api/sessions/${s.id}/export?format=markdown`);
    expect(md.statusCode).toBe(200);
    expect(md.headers["content-type"]).toContain("text/markdown");
    expect(md.headers["content-disposition"]).toBe("attachment; filename*=UTF-8''Export%20me.md");
    expect(md.body).toMatch(/^# Export me\n/);
    expect(md.body).toContain("## You");
    expect(md.body).toContain("Question");
    expect(md.body).toContain("## Assistant");
    expect(md.body).toContain("New answer with ```code```");
    expect(md.body).not.toContain("Old answer");

    const json = await p.api("GET", `/api/sessions/${s.id}/export?format=json`);
    expect(json.headers["content-disposition"]).toContain("Export%20me.json");
    const exported = json.json() as Exported;
    expect(exported).toMatchObject({
      format: "neuroos-session",
      version: 1,
      session: { title: "Export me" },
    });
    expect(exported.messages.map((m) => m.content)).toEqual([
      "Question",
      "Old answer",
      "New answer with ```code```",
    ]);
    expect(exported.messages[2]?.parentId).toBe(first.id);
    expect(exported.headId).toBe(exported.messages[2]?.id);

    expect((await p.api("GET", `/api/sessions/${s.id}/export`, undefined, p.bob)).statusCode).toBe(404);
    expect((await p.api("GET", "/api/sessions/nope/export")).statusCode).toBe(404);
    expect((await p.api("GET", `/api/sessions/${s.id}/export?format=pdf`)).statusCode).toBe(400);
  });

  it("imports an export as a new session: export, import, export gives the same messages and tree", async () => {
    const s = await create("Round trip");
    const q = await addMessage(db().db, { sessionId: s.id, role: "user", content: "Q1", metadata: {} });
    await addMessage(db().db, {
      sessionId: s.id,
      role: "assistant",
      content: "A1",
      metadata: { model: "x" },
    });
    await addMessage(db().db, {
      sessionId: s.id,
      role: "assistant",
      content: "A1 again",
      metadata: {},
      parentId: q.id,
    });
    await addMessage(db().db, { sessionId: s.id, role: "user", content: "Q2", metadata: {} });
    // A run kept with the first answer: it goes into the export and comes back with the import.
    const answered = (await p.api("GET", `/api/sessions/${s.id}/messages`)).json()[1].id as string;
    await db()
      .db.insert(chatMessageOutputs)
      .values({
        messageId: answered,
        block: 0,
        kind: "run",
        language: "python",
        input: "print(6)",
        stdout: "6\n",
        stderr: "",
        outputChars: 2,
        exitCode: 0,
        durationMs: 41,
        files: [{ path: "/home/user/chart.png", size: 1234 }],
        executionId: "exec-1",
      });
    const before = (await p.api("GET", `/api/sessions/${s.id}/export?format=json`)).json() as Exported;
    const markdown = (await p.api("GET", `/api/sessions/${s.id}/export?format=markdown`)).body;
    expect(markdown).toContain("**Output**: Ran the python block, exit code 0, 41 ms");
    expect(markdown).toContain("- wrote `/home/user/chart.png` (1234 bytes)");

    const imported = await p.api("POST", "/api/sessions/import", before, p.bob);
    expect(imported.statusCode, imported.body).toBe(201);
    const copy = imported.json() as Session;
    expect(copy.title).toBe("Round trip");
    expect(copy.id).not.toBe(s.id);
    expect(copy.agentId).toBeNull(); // alice's agent is not bob's
    const after = (
      await p.api("GET", `/api/sessions/${copy.id}/export?format=json`, undefined, p.bob)
    ).json() as Exported;
    const shape = (e: Exported) => {
      const index = new Map(e.messages.map((m, i) => [m.id, i]));
      return {
        messages: e.messages.map((m) => ({
          role: m.role,
          content: m.content,
          timestamp: m.timestamp,
          parent: m.parentId === null ? null : index.get(m.parentId),
          outputs: m.outputs,
        })),
        head: e.headId === null ? null : index.get(e.headId),
      };
    };
    expect(shape(after)).toEqual(shape(before));
    expect(after.messages.flatMap((m) => m.outputs ?? [])).toMatchObject([
      { input: "print(6)", stdout: "6\n", exitCode: 0, files: [{ path: "/home/user/chart.png" }] },
    ]);
    expect(after.messages.some((m) => before.messages.some((b) => b.id === m.id))).toBe(false);
    // The branch shown is the same: the conversation reads the same.
    const shown = (id: string, who: { cookie: string }) =>
      p
        .api("GET", `/api/sessions/${id}/messages`, undefined, who)
        .then((r) => r.json().map((m: { content: string }) => m.content));
    expect(await shown(copy.id, p.bob)).toEqual(await shown(s.id, p.alice));
    // Imported into the same person's account, it keeps the agent.
    const own = (await p.api("POST", "/api/sessions/import", before)).json() as Session;
    expect(own.agentId).toBe(s.agentId);
  });

  it("refuses a malformed or oversize import with a clear error and stores nothing", async () => {
    const count = async () => (await p.api("GET", "/api/sessions", undefined, p.bob)).json().length;
    const start = await count();
    const good = {
      format: "neuroos-session",
      version: 1,
      session: { title: "Fine" },
      messages: [
        {
          id: "m1",
          parentId: null,
          role: "user",
          content: "hi",
          metadata: {},
          timestamp: "2026-01-01T00:00:00.000Z",
        },
      ],
      headId: "m1",
    };
    const refused = async (body: unknown, status = 400) => {
      const res = await p.api("POST", "/api/sessions/import", body, p.bob);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.message).toMatch(/.+/);
      return res.json().error.message as string;
    };
    expect(await refused({ ...good, format: "other" })).toContain("format");
    expect(await refused({ ...good, version: 2 })).toContain("version");
    expect(await refused({ ...good, headId: "m9" })).toContain("headId");
    expect(await refused({ ...good, messages: [{ ...good.messages[0], parentId: "m0" }] })).toContain(
      "parentId",
    );
    expect(await refused({ ...good, messages: [good.messages[0], good.messages[0]] })).toContain("repeated");
    expect(await refused({ ...good, messages: [{ ...good.messages[0], role: "wizard" }] })).toContain("role");
    expect(await refused({ ...good, session: { title: "" } })).toContain("title");
    const broken = await t.app.inject({
      method: "POST",
      url: "/api/sessions/import",
      payload: '{"format": "neuroos-session", oops',
      headers: { cookie: p.bob.cookie, "content-type": "application/json" },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toMatch(/.+/);
    const many = Array.from({ length: SESSION_IMPORT_MAX_MESSAGES + 1 }, (_, i) => ({
      ...good.messages[0],
      id: `m${i}`,
    }));
    expect(await refused({ ...good, messages: many, headId: null })).toContain("at most");
    const huge = { ...good, messages: [{ ...good.messages[0], content: "x".repeat(9 * 1024 * 1024) }] };
    await refused(huge, 413);
    expect(await count()).toBe(start);
    expect((await p.api("POST", "/api/sessions/import", good, p.bob)).statusCode).toBe(201);
    expect(await count()).toBe(start + 1);
  });
});
