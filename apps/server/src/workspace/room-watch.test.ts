import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { watchRoom } from "./room-watch";

describe("watching a workspace's room while code runs over it", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-room-watch-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("calls `over` once the folder passes the quota, also after a quiet spell (measured less often then), and only once", async () => {
    fs.writeFileSync(path.join(root, "a.bin"), Buffer.alloc(10_000));
    const over = vi.fn();
    const end = watchRoom(root, 50_000, over, 10);
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
    const end = watchRoom(root, 50_000, over, 10);
    end();
    fs.writeFileSync(path.join(root, "c.bin"), Buffer.alloc(60_000));
    await new Promise((r) => setTimeout(r, 200));
    expect(over).not.toHaveBeenCalled();
  });
});
