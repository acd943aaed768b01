import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, requestsAs, signedInUser, type TestApp } from "../test/test-app";

type Who = { cookie: string };
/** 20,000 bytes of text (the index stores a little more: its chunks overlap). */
const text = (word: string) => `${word} `.repeat(20_000 / (word.length + 1));

describeEachDatabase("the search index counts against the person's quota", (db) => {
  let t: TestApp;
  beforeAll(async () => {
    // A free workspace of 0.05 MB (52,428 bytes): room for two texts of 20,000 bytes, not three.
    t = await buildTestApp(db(), { WORKSPACE_QUOTA_MB_FREE: "0.05" });
  });
  afterAll(() => t.app.close());
  const api = (...args: Parameters<ReturnType<typeof requestsAs>>) => requestsAs(t.app)(...args);
  const chunks = async (who: Who) => (await api(who, "GET", "/api/vector/status")).json().chunks as number;

  it("embeds until the index holds the plan's quota of text, then refuses with a 413 and stores nothing", async () => {
    const who = await signedInUser(t.app);
    expect((await api(who, "POST", "/api/vector/embed", { content: text("apple") })).statusCode).toBe(200);
    expect((await api(who, "POST", "/api/vector/embed", { content: text("pear") })).statusCode).toBe(200);
    const held = await chunks(who);
    const refused = await api(who, "POST", "/api/vector/embed", { content: text("plum") });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.code).toBe("payload_too_large");
    expect(refused.json().error.message).toMatch(
      /^Your search index is full: it holds (4\d) KB of the 52 KB your plan allows, and this text adds (2\d) KB\. Remove indexed text first\.$/,
    );
    const asMessage = { messageId: "m1", role: "user", content: text("fig") };
    expect((await api(who, "POST", "/api/vector/embed/message", asMessage)).statusCode).toBe(413);
    const asFile = { fileId: "notes.txt", content: text("kiwi").replaceAll(" ", "\n") };
    expect((await api(who, "POST", "/api/vector/embed/file", asFile)).statusCode).toBe(413);
    expect(await chunks(who)).toBe(held);
    // Another person's index is their own.
    const other = await signedInUser(t.app);
    expect((await api(other, "POST", "/api/vector/embed", { content: text("plum") })).statusCode).toBe(200);
  });

  it("an object indexed again replaces its text instead of adding to it; racing embeds do not overshoot", async () => {
    const who = await signedInUser(t.app);
    const message = (word: string) => ({ messageId: "m1", role: "user", content: text(word) });
    for (const word of ["one", "two", "three", "four"])
      expect((await api(who, "POST", "/api/vector/embed/message", message(word))).statusCode).toBe(200);
    const racing = await Promise.all(
      ["red", "blue", "green"].map((w) => api(who, "POST", "/api/vector/embed", { content: text(w) })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 413, 413]);
  });
});
