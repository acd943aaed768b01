import { afterAll, beforeAll, expect, it } from "vitest";
import { chatMessages, trashItems } from "../db/schema";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, type TestApp, type TwoPeople, twoPeople } from "../test/test-app";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deleted documents wait 30 days in the person's trash: listed, restorable where they were, or gone for good. */
describeEachDatabase("trash", (db) => {
  let t: TestApp;
  let bob: TwoPeople["bob"];
  let api: TwoPeople["api"];
  beforeAll(async () => {
    t = await buildTestApp(db());
    ({ bob, api } = await twoPeople(t.app));
  });
  afterAll(() => t.app.close());

  const newNote = async (title: string, content: string) =>
    (await api("POST", "/api/documents", { kind: "notes", title, content })).json() as { id: string };

  it("a deleted document is in the trash for 30 days, and a restore puts it back under its id with its content", async () => {
    const doc = await newNote("Diary", "dear diary");
    await api("PUT", `/api/documents/${doc.id}`, { version: 1, content: "dear diary, again" });
    expect((await api("DELETE", `/api/documents/${doc.id}`)).statusCode).toBe(204);
    expect((await api("GET", `/api/documents/${doc.id}`)).statusCode).toBe(404);
    expect((await api("GET", "/api/documents?kind=notes")).json()).toEqual([]);

    const listed = (await api("GET", "/api/trash")).json();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ type: "document", itemId: doc.id, kind: "notes", title: "Diary" });
    const kept = Date.parse(listed[0].purgeAt) - Date.parse(listed[0].deletedAt);
    expect(kept).toBe(30 * DAY_MS);
    expect((await api("GET", "/api/trash", undefined, bob)).json()).toEqual([]);

    // Another person cannot restore it, by either id.
    expect((await api("POST", "/api/trash/restore", { id: listed[0].id }, bob)).statusCode).toBe(404);
    expect(
      (await api("POST", "/api/trash/restore", { type: "document", itemId: doc.id }, bob)).statusCode,
    ).toBe(404);

    const restored = await api("POST", "/api/trash/restore", { type: "document", itemId: doc.id });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await api("GET", `/api/documents/${doc.id}`)).json()).toMatchObject({
      id: doc.id,
      title: "Diary",
      content: "dear diary, again",
      version: 3,
    });
    expect((await api("GET", "/api/trash")).json()).toEqual([]);
    expect((await api("POST", "/api/trash/restore", { id: listed[0].id })).statusCode).toBe(404);
  });

  it("a deleted chat session waits in the trash with its messages; a restore brings both back, in order, under their ids", async () => {
    const session = (await api("POST", "/api/sessions", { title: "Plans" })).json() as { id: string };
    const said = ["first question", "first answer", "second question"];
    for (const [i, content] of said.entries())
      await db()
        .db.insert(chatMessages)
        .values({ sessionId: session.id, role: i % 2 ? "assistant" : "user", content });
    const before = (await api("GET", `/api/sessions/${session.id}/messages`)).json();
    expect((await api("DELETE", `/api/sessions/${session.id}`, undefined, bob)).statusCode).toBe(404);
    expect((await api("DELETE", `/api/sessions/${session.id}`)).statusCode).toBe(204);
    expect((await api("GET", `/api/sessions/${session.id}/messages`)).statusCode).toBe(404);
    const [listed] = (await api("GET", "/api/trash")).json();
    expect(listed).toMatchObject({ type: "session", itemId: session.id, kind: "chat", title: "Plans" });
    expect(listed.sizeBytes).toBe(said.join("").length);
    expect(
      (await api("POST", "/api/trash/restore", { type: "session", itemId: session.id }, bob)).statusCode,
    ).toBe(404);

    const restored = await api("POST", "/api/trash/restore", { type: "session", itemId: session.id });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await api("GET", "/api/sessions")).json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: session.id, title: "Plans" })]),
    );
    expect((await api("GET", `/api/sessions/${session.id}/messages`)).json()).toEqual(before);
    expect((await api("GET", "/api/trash")).json()).toEqual([]);
  });

  it("deleting for good, one item or the whole trash, is final", async () => {
    const a = await newNote("A", "a");
    const b = await newNote("B", "b");
    await api("DELETE", `/api/documents/${a.id}`);
    await api("DELETE", `/api/documents/${b.id}`);
    const [first] = (await api("GET", "/api/trash")).json();
    expect(first.itemId).toBe(b.id); // newest first
    expect((await api("DELETE", `/api/trash/${first.id}`, undefined, bob)).statusCode).toBe(404);
    expect((await api("DELETE", `/api/trash/${first.id}`)).statusCode).toBe(204);
    expect((await api("GET", "/api/trash")).json().map((i: { itemId: string }) => i.itemId)).toEqual([a.id]);
    expect((await api("DELETE", "/api/trash")).json()).toEqual({ deleted: 1 });
    expect((await api("GET", "/api/trash")).json()).toEqual([]);
    expect((await api("POST", "/api/trash/restore", { type: "document", itemId: a.id })).statusCode).toBe(
      404,
    );
    expect((await api("DELETE", "/api/trash/not-an-id")).statusCode).toBe(404);
    expect((await api("POST", "/api/trash/restore", { type: "file" })).statusCode).toBe(400);
  });

  it("what has been in the trash 30 days is gone", async () => {
    const old = await newNote("Old", "old");
    await api("DELETE", `/api/documents/${old.id}`);
    await db()
      .db.update(trashItems)
      .set({ deletedAt: new Date(Date.now() - 31 * DAY_MS) });
    expect((await api("GET", "/api/trash")).json()).toEqual([]);
    expect((await api("POST", "/api/trash/restore", { type: "document", itemId: old.id })).statusCode).toBe(
      404,
    );
  });
});
