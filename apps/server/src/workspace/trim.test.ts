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
      6_000,
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
});
