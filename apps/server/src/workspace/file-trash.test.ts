import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { trashItems } from "../db/schema";
import { describeEachDatabase } from "../test/databases";
import { smallWorkspaceApp, type Who } from "../test/small-workspace";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deleted files and folders wait 30 days in the trash, outside the workspace, counted against the quota. */
describeEachDatabase("the file trash", (db) => {
  // 0.05 MB: room for one file of 30,000 bytes, not two.
  const { api, stats, emptyHanded, signedIn, dataDir } = smallWorkspaceApp(db, 0.05);
  const write = (who: Who, file: string, content: string) =>
    api(who, "PUT", "/api/files/content", { path: `/home/user/${file}`, content, overwrite: true });
  const read = (who: Who, file: string) => api(who, "GET", `/api/files/content?path=/home/user/${file}`);
  const remove = (who: Who, file: string) => api(who, "DELETE", `/api/files?path=/home/user/${file}`);
  const trash = async (who: Who) =>
    (await api(who, "GET", "/api/trash")).json() as { id: string; [k: string]: unknown }[];
  const restore = (who: Who, file: string) =>
    api(who, "POST", "/api/trash/restore", { type: "file", itemId: `/home/user/${file}` });
  const trashOnDisk = (who: Who) => fs.readdirSync(path.join(dataDir(), "trash", who.user.id));

  it("a deleted file leaves the workspace for the trash, and a restore puts it back as it was", async () => {
    const who = await emptyHanded();
    expect((await write(who, "notes.txt", "my notes")).statusCode).toBe(200);
    expect((await remove(who, "notes.txt")).statusCode).toBe(204);
    expect((await read(who, "notes.txt")).statusCode).toBe(404);
    expect((await api(who, "GET", "/api/files")).json()).toEqual([]);
    const [item] = await trash(who);
    expect(item).toMatchObject({ type: "file", kind: "file", itemId: "/home/user/notes.txt", sizeBytes: 8 });
    // Code never sees it: it is outside the workspace.
    expect(fs.existsSync(path.join(dataDir(), "workspaces", who.user.id, "notes.txt"))).toBe(false);

    const restored = await restore(who, "notes.txt");
    expect(restored.statusCode).toBe(200);
    expect((await read(who, "notes.txt")).json().content).toBe("my notes");
    expect(await trash(who)).toEqual([]);
    expect(trashOnDisk(who)).toEqual([]);
  });

  it("a folder goes to the trash whole and comes back whole, its parents made again", async () => {
    const who = await emptyHanded();
    await write(who, "project/src/a.py", "print('a')");
    await write(who, "project/src/b.py", "print('b')");
    expect((await remove(who, "project/src")).statusCode).toBe(204);
    expect((await remove(who, "project")).statusCode).toBe(204);
    const items = await trash(who);
    expect(items.map((i) => [i.kind, i.itemId, i.sizeBytes])).toEqual([
      ["folder", "/home/user/project", 0],
      ["folder", "/home/user/project/src", 20],
    ]);
    expect((await restore(who, "project/src")).statusCode).toBe(200);
    expect((await read(who, "project/src/b.py")).json().content).toBe("print('b')");
    expect(await stats(who)).toMatchObject({ totalSize: 20, trashSize: 0 });
  });

  it("a restore never overwrites: a name taken meanwhile gets the restored item beside it", async () => {
    const who = await emptyHanded();
    await write(who, "todo.md", "old list");
    await remove(who, "todo.md");
    await write(who, "todo.md", "new list");
    const restored = await restore(who, "todo.md");
    expect(restored.statusCode).toBe(200);
    expect((await read(who, "todo.md")).json().content).toBe("new list");
    expect((await read(who, "todo (restored).md")).json().content).toBe("old list");
  });

  it("the trash counts against the quota until it is emptied, and the person is told", async () => {
    const who = await emptyHanded();
    const big = "x".repeat(30_000);
    expect((await write(who, "big.txt", big)).statusCode).toBe(200);
    await remove(who, "big.txt");
    expect(await stats(who)).toMatchObject({ totalSize: 0, trashSize: 30_000 });
    const refused = await write(who, "again.txt", big);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.message).toMatch(/\(29 KB of it in the trash\)$/);
    expect((await api(who, "DELETE", "/api/trash")).json()).toEqual({ deleted: 1 });
    expect(trashOnDisk(who)).toEqual([]);
    expect((await write(who, "again.txt", big)).statusCode).toBe(200);
  });

  it("one person cannot restore or remove another's trashed file; bad restores change nothing", async () => {
    const alice = await emptyHanded();
    const bob = await signedIn();
    await write(alice, "secret.txt", "alice only");
    await remove(alice, "secret.txt");
    const [item] = await trash(alice);
    expect((await restore(bob, "secret.txt")).statusCode).toBe(404);
    expect((await api(bob, "DELETE", `/api/trash/${item?.id}`)).statusCode).toBe(404);
    expect((await read(bob, "secret.txt")).statusCode).toBe(404);
    expect((await remove(alice, "secret.txt")).statusCode).toBe(404); // gone already
    expect((await remove(alice, "../secret.txt")).statusCode).toBe(400);
    expect((await api(alice, "DELETE", "/api/files?path=/home/user")).statusCode).toBe(400);
    expect(await trash(alice)).toHaveLength(1);
    expect((await restore(alice, "secret.txt")).statusCode).toBe(200);
  });

  it("what has been in the trash 30 days is gone, from the disk too", async () => {
    const who = await emptyHanded();
    await write(who, "old.txt", "old");
    await remove(who, "old.txt");
    expect(trashOnDisk(who)).toHaveLength(1);
    await db()
      .db.update(trashItems)
      .set({ deletedAt: new Date(Date.now() - 31 * DAY_MS) })
      .where(eq(trashItems.userId, who.user.id));
    expect(await trash(who)).toEqual([]);
    expect(trashOnDisk(who)).toEqual([]);
    expect((await restore(who, "old.txt")).statusCode).toBe(404);
  });
});
