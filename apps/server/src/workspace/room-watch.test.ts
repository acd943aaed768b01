import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { users } from "../db/schema";
import { describeEachDatabase } from "../test/databases";
import { holdWithinQuota, watchRoom } from "./room-watch";
import { WorkspaceService } from "./service";
import { ToldWrites } from "./trim";

describe("watching a workspace's room while code runs over it", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-room-watch-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("calls `over` once the folder passes the quota, also after a quiet spell (measured less often then), and only once", async () => {
    fs.writeFileSync(path.join(root, "a.bin"), Buffer.alloc(10_000));
    const over = vi.fn();
    const end = watchRoom(root, 50_000, over, { everyMs: 10 });
    await new Promise((r) => setTimeout(r, 400)); // quiet: the measures space out
    expect(over).not.toHaveBeenCalled();
    fs.writeFileSync(path.join(root, "b.bin"), Buffer.alloc(60_000));
    await vi.waitFor(() => expect(over).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    await new Promise((r) => setTimeout(r, 100));
    expect(over).toHaveBeenCalledTimes(1);
    end();
  });

  it("ended, it measures no more", async () => {
    fs.rmSync(path.join(root, "b.bin"), { force: true });
    const over = vi.fn();
    const end = watchRoom(root, 50_000, over, { everyMs: 10 });
    end();
    fs.writeFileSync(path.join(root, "c.bin"), Buffer.alloc(60_000));
    await new Promise((r) => setTimeout(r, 200));
    expect(over).not.toHaveBeenCalled();
  });

  it("tells what is written meanwhile, also a file written in silence long after the code started", async () => {
    fs.rmSync(path.join(root, "c.bin"), { force: true });
    const wrote = vi.fn();
    const end = watchRoom(root, 50_000, vi.fn(), { everyMs: 10, wrote });
    await new Promise((r) => setTimeout(r, 300)); // quiet: nothing told
    expect(wrote).not.toHaveBeenCalled();
    fs.mkdirSync(path.join(root, "out"), { recursive: true });
    fs.writeFileSync(path.join(root, "out", "result.txt"), "done");
    await vi.waitFor(() => expect(wrote).toHaveBeenCalledWith(["/home/user/out/result.txt"]), {
      timeout: 5_000,
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(wrote).toHaveBeenCalledTimes(1); // told once
    end();
  });

  it("with `holds: false` it only notices: a folder past the quota is not `over`", async () => {
    const over = vi.fn();
    const wrote = vi.fn();
    const end = watchRoom(root, 0, over, { everyMs: 10, holds: false, wrote });
    fs.writeFileSync(path.join(root, "d.bin"), Buffer.alloc(1_000));
    await vi.waitFor(() => expect(wrote).toHaveBeenCalledWith(["/home/user/d.bin"]), { timeout: 5_000 });
    expect(over).not.toHaveBeenCalled();
    end();
  });

  it("two looks at one write (the watch's and a terminal's) tell it once; a new change is told again", async () => {
    const told = new ToldWrites();
    const first = vi.fn();
    const second = vi.fn();
    const ends = [first, second].map((wrote) =>
      watchRoom(root, 50_000, vi.fn(), { everyMs: 10, wrote, told }),
    );
    fs.writeFileSync(path.join(root, "e.txt"), "one");
    await vi.waitFor(() =>
      expect([...first.mock.calls, ...second.mock.calls].flat(2)).toContain("/home/user/e.txt"),
    );
    await new Promise((r) => setTimeout(r, 200));
    const tellings = () =>
      [...first.mock.calls, ...second.mock.calls].flat(2).filter((p) => p === "/home/user/e.txt");
    expect(tellings()).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 30)); // a later ctime
    fs.writeFileSync(path.join(root, "e.txt"), "two");
    await vi.waitFor(() => expect(tellings()).toHaveLength(2));
    for (const end of ends) end();
  });
});

describeEachDatabase("holding long-lived code within the quota", (db) => {
  it("code that keeps the workspace past its quota with what a trim keeps is stopped; its end trims once more", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-hold-"));
    const [user] = await db()
      .db.insert(users)
      .values({ email: `hold-${Date.now()}@example.com`, username: `hold${Date.now()}`, passwordHash: "x" })
      .returning({ id: users.id });
    const owner = { id: user?.id ?? "", plan: "free" as const };
    const quota = { maxFileBytes: 100_000, maxWorkspaceBytes: 100_000 };
    const workspaces = new WorkspaceService(db().db, dataDir, { free: quota, pro: quota });
    const root = await workspaces.root(owner);
    // Written before the code started (by another node's code, say): no trim of this code's takes it.
    fs.writeFileSync(path.join(root, "old.bin"), Buffer.alloc(150_000));
    await new Promise((r) => setTimeout(r, 50));
    const since = Date.now();
    const stop = vi.fn();
    const endHold = await holdWithinQuota(workspaces, owner, since, { stop, onError: () => {} });
    await vi.waitFor(() => expect(stop).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    await endHold();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
