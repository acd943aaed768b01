import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { usage } from "./ops";
import { TEMP_PREFIX } from "./safe-fs";
import { trimTo } from "./trim";

describe("taking back what code wrote past the quota", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-trim-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = async (name: string, bytes: number) => {
    fs.writeFileSync(path.join(root, name), Buffer.alloc(bytes));
    await new Promise((r) => setTimeout(r, 20)); // each newer than the last
  };

  it("keeps a file the person saved, unless code grew it since; files named as staged uploads go last, not never", async () => {
    const since = Date.now() - 50;
    await write("code-a.bin", 10_000);
    await write(`${TEMP_PREFIX}code`, 30_000); // code can name its files so
    await write("saved.txt", 5_000); // saved through the files API at 5,000 bytes
    await write("grown.txt", 20_000); // saved at 1,000 bytes, then grown by code
    await write("code-b.bin", 10_000);
    const saved = new Map([
      ["/home/user/saved.txt", 5_000],
      ["/home/user/grown.txt", 1_000],
    ]);
    const { result } = await trimTo(
      root,
      await usage(root, since),
      { bytes: 6_000, entries: 1_000 },
      (p, size) => size <= (saved.get(p) ?? -1),
    );
    expect(result).toEqual([
      "/home/user/code-b.bin",
      "/home/user/grown.txt",
      "/home/user/code-a.bin",
      `/home/user/${TEMP_PREFIX}code`,
    ]);
    expect(fs.readdirSync(root)).toEqual(["saved.txt"]);
  });

  it("past the entry cap: the walk still sees every byte; what code made goes, a new folder whole, never an older one", async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-trim-entries-"));
    try {
      const file = (name: string, bytes = 0) => fs.writeFileSync(path.join(home, name), Buffer.alloc(bytes));
      fs.mkdirSync(path.join(home, "old"));
      for (let i = 0; i < 10; i++) file(`old/kept-${i}`);
      await new Promise((r) => setTimeout(r, 30));
      const since = Date.now();
      await new Promise((r) => setTimeout(r, 20));
      fs.mkdirSync(path.join(home, "made"));
      for (let i = 0; i < 60; i++) file(`made/f-${i}`);
      for (let i = 0; i < 5; i++) file(`old/new-${i}`); // new files in an older folder
      file("zz-last.bin", 40_000); // walked after the cap is passed
      // Without `since` the walk stops at the cap; with it, everything is counted.
      expect(await usage(home, undefined, 50)).toMatchObject({ full: true, entries: 51 });
      const found = await usage(home, since, 50);
      expect(found).toMatchObject({ full: true, entries: 1 + 10 + 1 + 60 + 5 + 1, totalSize: 40_000 });

      const { result, freed } = await trimTo(home, found, { bytes: 1_000_000, entries: 50 });
      expect(result).toContain("/home/user/made");
      expect(found.entries - freed.entries).toBeLessThanOrEqual(50);
      expect(fs.existsSync(path.join(home, "made"))).toBe(false);
      // Under a cap of 5, all the code made goes; the older folder gained entries (its ctime is
      // new), but it is not the code's: what it held before stays.
      await trimTo(home, await usage(home, since, 5), { bytes: 1_000_000, entries: 5 });
      expect(fs.readdirSync(home)).toEqual(["old"]);
      const kept = Array.from({ length: 10 }, (_, i) => `kept-${i}`);
      expect(fs.readdirSync(path.join(home, "old")).sort()).toEqual(kept.sort());
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
