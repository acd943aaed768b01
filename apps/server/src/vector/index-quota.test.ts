import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { sandboxReady } from "../test/sandbox-ready";
import { smallWorkspaceApp, type Who } from "../test/small-workspace";

/** 20,000 bytes of text (the index stores a little more: its chunks overlap). */
const text = (word: string) => `${word} `.repeat(20_000 / (word.length + 1));
const QUOTA_FULL =
  /^Your workspace quota is full: your files take (\d+(\.\d)? KB|\d+ B) and text you sent to search (\d+(\.\d)? KB|\d+ B) of the 51 KB your plan allows, and this text adds (\d+ KB)\. Delete files and empty the trash, or remove indexed text, first\.$/;

describeEachDatabase("the search index counts against the person's quota, with their files", (db) => {
  // A free workspace of 0.05 MB (52,428 bytes): room for two texts of 20,000 bytes, not three.
  const { api, stats, emptyHanded, signedIn, dataDir } = smallWorkspaceApp(db, 0.05);
  const chunks = async (who: Who) => (await api(who, "GET", "/api/vector/status")).json().chunks as number;
  const write = (who: Who, name: string, bytes: number) =>
    api(who, "PUT", "/api/files/content", { path: `/home/user/${name}`, content: "x".repeat(bytes) });

  it("embeds until the index holds the plan's quota of text, then refuses with a 413 and stores nothing", async () => {
    const who = await emptyHanded();
    expect((await api(who, "POST", "/api/vector/embed", { content: text("apple") })).statusCode).toBe(200);
    expect((await api(who, "POST", "/api/vector/embed", { content: text("pear") })).statusCode).toBe(200);
    const held = await chunks(who);
    const refused = await api(who, "POST", "/api/vector/embed", { content: text("plum") });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.code).toBe("payload_too_large");
    expect(refused.json().error.message).toMatch(QUOTA_FULL);
    expect(refused.json().error.message).toMatch(/files take 0 B and text you sent to search 4\d KB/);
    const asMessage = { messageId: "m1", role: "user", content: text("fig") };
    expect((await api(who, "POST", "/api/vector/embed/message", asMessage)).statusCode).toBe(413);
    const asFile = { fileId: "notes.txt", content: text("kiwi").replaceAll(" ", "\n") };
    expect((await api(who, "POST", "/api/vector/embed/file", asFile)).statusCode).toBe(413);
    expect(await chunks(who)).toBe(held);
    // Another person's index is their own.
    const other = await signedIn();
    expect((await api(other, "POST", "/api/vector/embed", { content: text("plum") })).statusCode).toBe(200);
  });

  it("an object indexed again replaces its text instead of adding to it; racing embeds do not overshoot", async () => {
    const who = await emptyHanded();
    const message = (word: string) => ({ messageId: "m1", role: "user", content: text(word) });
    for (const word of ["one", "two", "three", "four"])
      expect((await api(who, "POST", "/api/vector/embed/message", message(word))).statusCode).toBe(200);
    const racing = await Promise.all(
      ["red", "blue", "green"].map((w) => api(who, "POST", "/api/vector/embed", { content: text(w) })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 413, 413]);
  });

  it("files and the text sent to search share one quota: each refuses what would pass it together", async () => {
    const who = await emptyHanded();
    // A file of 35,000 bytes (indexed by the server: that copy is not counted twice)...
    expect((await write(who, "notes.txt", 35_000)).statusCode).toBe(200);
    // ...leaves no room for 20,000 bytes of text sent to search,
    const refused = await api(who, "POST", "/api/vector/embed", { content: text("apple") });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.message).toMatch(QUOTA_FULL);
    expect(refused.json().error.message).toMatch(/files take 34 KB and text you sent to search 0 B/);
    // but for 10,000 bytes.
    const small = await api(who, "POST", "/api/vector/embed", { content: text("pear").slice(0, 10_000) });
    expect(small.statusCode).toBe(200);
    const both = await stats(who);
    expect(both.totalSize).toBe(35_000);
    // What the index stores: the text and its chunks' overlaps.
    expect(both.indexSize).toBeGreaterThanOrEqual(10_000);
    expect(both.indexSize).toBeLessThan(12_000);
    // Now a file write that fits the files alone is refused, and says why.
    const file = await write(who, "more.txt", 10_000);
    expect(file.statusCode).toBe(413);
    expect(file.json().error.message).toMatch(
      /^Not enough space for \/home\/user\/more\.txt \(9\.8 KB\): the workspace is limited to 51 KB on the Free plan and 4\d KB is used \(1\d KB of it text sent to search\)$/,
    );
    expect(fs.existsSync(path.join(dataDir(), "workspaces", who.user.id, "more.txt"))).toBe(false);
    // Removing the text makes room again.
    expect((await api(who, "DELETE", `/api/vector/embed/${small.json().id}`)).statusCode).toBe(200);
    expect((await write(who, "more.txt", 10_000)).statusCode).toBe(200);
  });

  it.skipIf(!sandboxReady)("code is held to the room the sent text leaves the files", async () => {
    const fill = { language: "bash", code: "head -c 40000 /dev/zero > fill.bin" };
    // Without text sent to search, the run's 40,000 bytes fit the 52 KB quota and are kept...
    const before = await emptyHanded();
    expect((await api(before, "POST", "/api/sandbox/run", fill)).statusCode).toBe(200);
    expect((await stats(before)).totalSize).toBe(40_000);
    // ...but not beside 20,000 bytes of it: the run's file is not kept, and the run says so.
    const who = await emptyHanded();
    expect((await api(who, "POST", "/api/vector/embed", { content: text("apple") })).statusCode).toBe(200);
    const run = await api(who, "POST", "/api/sandbox/run", fill);
    expect(run.statusCode).toBe(200);
    const after = await stats(who);
    expect(after.totalSize + after.indexSize).toBeLessThanOrEqual(52_428);
    expect(after.totalSize).toBe(0);
    const logs = (await api(who, "GET", "/api/logs?limit=5")).json() as { type: string; result: string }[];
    expect(logs.find((l) => l.type === "code_execution")?.result).toMatch(
      /Not kept, written past the quota: .*fill\.bin/,
    );
  });
});
