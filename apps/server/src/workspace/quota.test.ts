import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { WorkspaceService } from "./service";

const KB = 1024;

/** A file write of the files API, by `cookie`, on `app`. */
const put = (app: TestApp, cookie: string, file: string, bytes: number) =>
  app.app.inject({
    method: "PUT",
    url: "/api/files/content",
    headers: { cookie },
    payload: { path: `/home/user/${file}`, content: "x".repeat(bytes), overwrite: true },
  });

describeEachDatabase("workspace quota: a running figure, held under concurrency", (db) => {
  let a: TestApp;
  let b: TestApp;
  let dataDir: string;
  let cookie: string;
  let userId: string;
  const used = async () =>
    (await a.app.inject({ url: "/api/files/stats", headers: { cookie } })).json().totalSize as number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-quota-"));
    // Two server nodes on one database and one data directory (one process: PGlite has one).
    const env = {
      DATA_DIR: dataDir,
      WORKSPACE_VOLUMES: "off",
      WORKSPACE_FILE_MB_FREE: String(60 / 1024),
      WORKSPACE_QUOTA_MB_FREE: String(100 / 1024),
    };
    a = await buildTestApp(db(), env);
    b = await buildTestApp(db(), env);
    ({
      cookie,
      user: { id: userId },
    } = await signedInUser(a.app));
  });
  afterAll(async () => {
    await a.app.close();
    await b.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("two concurrent writes on two nodes that together pass the quota: exactly one is refused", async () => {
    // 50 KB free, then two 30 KB files at once, one through each node.
    expect((await put(a, cookie, "filler.txt", 50 * KB - (await used()))).statusCode).toBe(200);
    for (let round = 0; round < 3; round++) {
      expect(await used()).toBe(50 * KB);
      const answers = await Promise.all([
        put(a, cookie, `one-${round}.txt`, 30 * KB),
        put(b, cookie, `two-${round}.txt`, 30 * KB),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 413]);
      const refused = answers.find((r) => r.statusCode === 413)?.json();
      expect(refused.error.message).toMatch(/Not enough space for .* the workspace is limited to 100 KB/);
      expect(await used()).toBe(80 * KB);
      for (const name of [`one-${round}.txt`, `two-${round}.txt`])
        await a.app.inject({
          method: "DELETE",
          url: `/api/files?path=/home/user/${name}`,
          headers: { cookie },
        });
      // Deleted files wait in the trash, counted, until it is emptied.
      await a.app.inject({ method: "DELETE", url: "/api/trash", headers: { cookie } });
      expect(await used()).toBe(50 * KB);
    }
  });

  it("a write at 5,000 files does no more file-system work than at 10: the workspace is not walked", async () => {
    const root = path.join(dataDir, "workspaces", userId);
    const work = async () => {
      const calls = ["lstat", "stat", "readdir", "open"].map((name) =>
        vi.spyOn(fsp, name as "lstat" | "stat" | "readdir" | "open"),
      );
      expect((await put(a, cookie, "counted.txt", 100)).statusCode).toBe(200);
      const count = calls.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
      for (const spy of calls) spy.mockRestore();
      return count;
    };
    const few = await work();
    fs.mkdirSync(path.join(root, "many"));
    for (let i = 0; i < 5000; i++) fs.writeFileSync(path.join(root, "many", `f${i}.txt`), "");
    await used(); // the stats walk sets the figure from the disk (as after code ran)
    const many = await work();
    expect(few).toBeGreaterThan(0);
    expect(many).toBe(few);
    fs.rmSync(path.join(root, "many"), { recursive: true });
  });

  it("deleting and emptying the trash frees room at once, and the stats walk corrects what was written behind the API's back", async () => {
    const root = path.join(dataDir, "workspaces", userId);
    const before = await used();
    fs.writeFileSync(path.join(root, "behind.bin"), Buffer.alloc(20 * KB)); // as code would
    expect(await used()).toBe(before + 20 * KB);
    await a.app.inject({
      method: "DELETE",
      url: "/api/files?path=/home/user/behind.bin",
      headers: { cookie },
    });
    expect((await put(b, cookie, "after.txt", 40 * KB)).statusCode).toBe(413); // it is in the trash
    await a.app.inject({ method: "DELETE", url: "/api/trash", headers: { cookie } });
    expect((await put(b, cookie, "after.txt", 40 * KB)).statusCode).toBe(200);
    expect(await used()).toBe(before + 40 * KB);
  });

  it("a file saved through one node is never what another node's code trim takes back", async () => {
    const carol = await signedInUser(a.app);
    const root = path.join(dataDir, "workspaces", carol.user.id);
    await put(b, carol.cookie, "warm.txt", 1); // the workspace exists
    // Node A's view of the workspaces (its quota 50 KB), where a terminal has run since `since`.
    const nodeA = new WorkspaceService(db().db, dataDir, {
      free: { maxFileBytes: 60 * KB, maxWorkspaceBytes: 50 * KB },
      pro: { maxFileBytes: 60 * KB, maxWorkspaceBytes: 50 * KB },
    });
    const since = Date.now();
    fs.writeFileSync(path.join(root, "code-old.bin"), Buffer.alloc(60 * KB));
    await new Promise((r) => setTimeout(r, 30));
    expect((await put(b, carol.cookie, "notes.txt", 30 * KB)).statusCode).toBe(200); // saved through node B
    await new Promise((r) => setTimeout(r, 30));
    fs.writeFileSync(path.join(root, "code-new.bin"), Buffer.alloc(20 * KB));
    const removed = await nodeA.afterCode({ id: carol.user.id, plan: "free" }, since);
    expect(removed.sort()).toEqual(["/home/user/code-new.bin", "/home/user/code-old.bin"]);
    expect(fs.statSync(path.join(root, "notes.txt")).size).toBe(30 * KB);
  });

  it("code that made more files and folders than a workspace may hold: taken back to the cap, a folder holding a save kept", async () => {
    const dave = await signedInUser(a.app);
    const root = path.join(dataDir, "workspaces", dave.user.id);
    await put(b, dave.cookie, "warm.txt", 1); // the workspace exists
    const owner = { id: dave.user.id, plan: "free" as const };
    const quotas = { maxFileBytes: 60 * KB, maxWorkspaceBytes: 100 * KB };
    const capped = new WorkspaceService(db().db, dataDir, { free: quotas, pro: quotas }, null, 20);
    const since = Date.now();
    await new Promise((r) => setTimeout(r, 30));
    fs.mkdirSync(path.join(root, "heap"));
    for (let i = 0; i < 30; i++) fs.writeFileSync(path.join(root, "heap", `f-${i}`), "");
    await new Promise((r) => setTimeout(r, 30));
    fs.mkdirSync(path.join(root, "mine")); // made by code, the newest...
    expect((await put(b, dave.cookie, "mine/saved.txt", 10)).statusCode).toBe(200); // ...with a save in it
    for (let i = 0; i < 10; i++) fs.writeFileSync(path.join(root, "mine", `code-${i}`), "");
    const removed = await capped.afterCode(owner, since);
    expect(removed).toEqual(expect.arrayContaining(["/home/user/mine/code-9", "/home/user/mine/code-0"]));
    expect(removed).not.toContain("/home/user/mine");
    expect(fs.readdirSync(path.join(root, "mine"))).toEqual(["saved.txt"]);
    const stats = await capped.stats(owner);
    expect(stats.totalFiles).toBeLessThanOrEqual(20);
    await expect(capped.assertRoom(owner, "run again")).resolves.toBeUndefined();
  });
});
