import {
  DOCUMENT_MAX_BYTES,
  DOCUMENTS_MAX_BYTES_PER_ACCOUNT,
  defaultAccessibilitySettings,
  defaultAudioPreferences,
} from "@neuroos/contracts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp, type TwoPeople, twoPeople } from "../test/test-app";

describeEachDatabase("documents and preferences", (db) => {
  let t: TestApp;
  let bob: TwoPeople["bob"];
  let api: TwoPeople["api"];
  beforeAll(async () => {
    t = await buildTestApp(db());
    ({ bob, api } = await twoPeople(t.app));
  });
  afterAll(() => t.app.close());

  it("creates, lists by kind, reads, updates with the version, deletes", async () => {
    const created = await api("POST", "/api/documents", {
      kind: "journal",
      title: "Groceries",
      content: { text: "milk" },
    });
    expect(created.statusCode).toBe(201);
    const doc = created.json();
    expect(doc).toMatchObject({ kind: "journal", title: "Groceries", content: { text: "milk" }, version: 1 });
    await api("POST", "/api/documents", { kind: "plans", content: [] });
    const list = (await api("GET", "/api/documents?kind=journal")).json();
    expect(list.map((d: { id: string }) => d.id)).toEqual([doc.id]);
    expect(list[0]).not.toHaveProperty("content");

    const updated = await api("PUT", `/api/documents/${doc.id}`, {
      version: 1,
      content: { text: "milk, eggs" },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ title: "Groceries", content: { text: "milk, eggs" }, version: 2 });
    expect((await api("GET", `/api/documents/${doc.id}`)).json().content).toEqual({ text: "milk, eggs" });
    expect((await api("DELETE", `/api/documents/${doc.id}`)).statusCode).toBe(204);
    expect((await api("GET", `/api/documents/${doc.id}`)).statusCode).toBe(404);
  });

  it("a change made on an old version is 409 and changes nothing; of two racing saves exactly one wins", async () => {
    const doc = (await api("POST", "/api/documents", { kind: "notes", content: "v1" })).json();
    await api("PUT", `/api/documents/${doc.id}`, { version: 1, content: "v2" });
    const stale = await api("PUT", `/api/documents/${doc.id}`, { version: 1, content: "lost?" });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toContain("changed elsewhere");
    // The 409 carries the document as it is now: the client can show both without asking again.
    expect(stale.json().error.current).toMatchObject({ id: doc.id, content: "v2", version: 2 });
    expect((await api("GET", `/api/documents/${doc.id}`)).json()).toMatchObject({
      content: "v2",
      version: 2,
    });

    const racing = await Promise.all(
      ["a", "b", "c", "d"].map((c) => api("PUT", `/api/documents/${doc.id}`, { version: 2, content: c })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const winner = racing.find((r) => r.statusCode === 200)?.json().content;
    expect((await api("GET", `/api/documents/${doc.id}`)).json()).toMatchObject({
      content: winner,
      version: 3,
    });
  });

  it("another person's documents are 404 to read, change and delete; they are not listed", async () => {
    const doc = (await api("POST", "/api/documents", { kind: "secret", content: "mine" })).json();
    for (const [method, payload] of [
      ["GET"],
      ["PUT", { version: 1, content: "theirs" }],
      ["DELETE"],
    ] as const) {
      expect((await api(method, `/api/documents/${doc.id}`, payload, bob)).statusCode).toBe(404);
    }
    expect((await api("GET", "/api/documents?kind=secret", undefined, bob)).json()).toEqual([]);
    expect((await api("GET", `/api/documents/${doc.id}`)).json().content).toBe("mine");
    expect((await api("GET", "/api/documents/not-a-uuid")).statusCode).toBe(404);
  });

  it("bad bodies are 400 and change nothing", async () => {
    expect((await api("POST", "/api/documents", { kind: "Bad Kind", content: 1 })).statusCode).toBe(400);
    expect((await api("POST", "/api/documents", { kind: "notes" })).statusCode).toBe(400);
    expect((await api("POST", "/api/documents", { kind: "notes", content: "a\u0000b" })).statusCode).toBe(
      400,
    );
    expect(
      (await api("POST", "/api/documents", { kind: "journal", content: 1, owner: "x" })).statusCode,
    ).toBe(400);
    expect((await api("GET", "/api/documents")).statusCode).toBe(400);
    const doc = (await api("POST", "/api/documents", { kind: "journal", content: 1 })).json();
    expect((await api("PUT", `/api/documents/${doc.id}`, { content: 2 })).statusCode).toBe(400);
    expect((await api("GET", `/api/documents/${doc.id}`)).json()).toMatchObject({ content: 1, version: 1 });
  });

  it("an app's document holds that app's content: another shape is 400 and changes nothing", async () => {
    const task = { id: "t1", title: "Plan the week", description: "", status: "todo", priority: "high" };
    const plan = await api("POST", "/api/documents", {
      kind: "mind-planner",
      title: "Week",
      content: [task],
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const { id } = plan.json() as { id: string };
    const missing = await api("POST", "/api/documents", {
      kind: "mind-planner",
      content: [{ id: "t2", title: "x" }],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/^content\.0\.status: .*mind-planner/);
    expect(missing.json().error.fields).toHaveProperty("content.0.status");
    const bad = await api("PUT", `/api/documents/${id}`, {
      version: 1,
      content: [{ ...task, status: "someday" }],
    });
    expect(bad.statusCode).toBe(400);
    expect((await api("PUT", `/api/documents/${id}`, { version: 1, content: "a note" })).statusCode).toBe(
      400,
    );
    expect((await api("GET", `/api/documents/${id}`)).json()).toMatchObject({ content: [task], version: 1 });
    // A note is text; a sheet's cells are text of at most 500 characters.
    expect((await api("POST", "/api/documents", { kind: "notes", content: { text: "x" } })).statusCode).toBe(
      400,
    );
    const longCell = [["x".repeat(501)]];
    expect((await api("POST", "/api/documents", { kind: "logic-sheet", content: longCell })).statusCode).toBe(
      400,
    );
    expect(
      (await api("POST", "/api/documents", { kind: "logic-sheet", content: [["a", "b"]] })).statusCode,
    ).toBe(201);
  });

  it("caps: a document over its size and an account over its total are 413, also when saves race", async () => {
    const fresh = await signedInUser(t.app);
    const big = "x".repeat(DOCUMENT_MAX_BYTES);
    const over = await api("POST", "/api/documents", { kind: "notes", content: big }, fresh);
    expect(over.statusCode).toBe(413);
    expect(over.json().error.message).toMatch(/at most 256 KB/);
    // Fill the account to just under its cap, then race saves that each would fit alone.
    const chunk = "y".repeat(DOCUMENT_MAX_BYTES - 1000);
    const fits = Math.floor(DOCUMENTS_MAX_BYTES_PER_ACCOUNT / (DOCUMENT_MAX_BYTES - 998));
    for (let i = 0; i < fits - 2; i++)
      expect((await api("POST", "/api/documents", { kind: "bulk", content: chunk }, fresh)).statusCode).toBe(
        201,
      );
    const racing = await Promise.all(
      Array.from({ length: 6 }, () => api("POST", "/api/documents", { kind: "bulk", content: chunk }, fresh)),
    );
    expect(racing.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(racing.filter((r) => r.statusCode === 413)).toHaveLength(4);
    expect((await api("GET", "/api/documents?kind=bulk", undefined, fresh)).json()).toHaveLength(fits);
  }, 60_000);

  it("preferences: namespace → JSON value, each person's own", async () => {
    expect((await api("GET", "/api/preferences/notes")).json()).toEqual({ namespace: "notes", value: null });
    const put = await api("PUT", "/api/preferences/notes", { value: { fontSize: 18, wrap: true } });
    expect(put.statusCode).toBe(200);
    expect((await api("GET", "/api/preferences/notes")).json().value).toEqual({ fontSize: 18, wrap: true });
    expect((await api("GET", "/api/preferences/notes", undefined, bob)).json().value).toBeNull();
    expect((await api("PUT", "/api/preferences/Not Valid", { value: 1 })).statusCode).toBe(400);
    expect((await api("PUT", "/api/preferences/notes", { value: "z".repeat(70_000) })).statusCode).toBe(413);
  });

  it("the accessibility settings are kept only in their own shape", async () => {
    const settings = { ...defaultAccessibilitySettings, highContrast: true, fontSize: 20 };
    expect((await api("PUT", "/api/preferences/accessibility", { value: settings })).statusCode).toBe(200);
    for (const bad of [{ ...settings, fontSize: 30 }, { ...settings, extra: 1 }, { darkMode: "yes" }, 7]) {
      const refused = await api("PUT", "/api/preferences/accessibility", { value: bad });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe("validation_failed");
    }
    expect((await api("GET", "/api/preferences/accessibility")).json().value).toEqual(settings);
  });

  it("the audio settings (voice, rate, pitch, reading replies aloud) are kept only in their own shape", async () => {
    const settings = { ...defaultAudioPreferences, readRepliesAloud: true, rate: 1.5 };
    expect((await api("PUT", "/api/preferences/audio", { value: settings })).statusCode).toBe(200);
    for (const bad of [
      { ...settings, rate: 5 },
      { ...settings, pitch: -1 },
      { ...settings, readRepliesAloud: "yes" },
      { ...settings, voice: "v".repeat(501) },
      { ...settings, extra: 1 },
      { readRepliesAloud: true },
    ]) {
      const refused = await api("PUT", "/api/preferences/audio", { value: bad });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe("validation_failed");
    }
    expect((await api("GET", "/api/preferences/audio")).json().value).toEqual(settings);
    expect((await api("GET", "/api/preferences/audio", undefined, bob)).json().value).toBeNull();
  });
});
