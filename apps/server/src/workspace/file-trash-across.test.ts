import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { moveBack, moveToTrash } from "./file-trash";

/**
 * A workspace on a volume is another file system than the trash: a delete and a restore copy
 * across it. The copy follows no link (code can plant one, or swap a folder for one meanwhile).
 */
describe.skipIf(!fs.existsSync("/dev/shm") || fs.statSync("/dev/shm").dev === fs.statSync(os.tmpdir()).dev)(
  "the file trash across file systems",
  () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-across-ws-"));
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-across-secret-"));
    const trash = fs.mkdtempSync(path.join("/dev/shm", "neuroos-across-trash-"));
    afterAll(() => {
      for (const dir of [root, outside, trash]) fs.rmSync(dir, { recursive: true, force: true });
    });

    it("moves a folder to the trash and back by a copy: files, modes and folders kept, links copied as links, never followed", async () => {
      fs.writeFileSync(path.join(outside, "secret.txt"), "not yours");
      fs.mkdirSync(path.join(root, "proj", "sub", "empty"), { recursive: true });
      fs.writeFileSync(path.join(root, "proj", "a.txt"), "alpha");
      fs.writeFileSync(path.join(root, "proj", "run.sh"), "echo hi", { mode: 0o755 });
      fs.writeFileSync(path.join(root, "proj", "sub", "b.bin"), Buffer.alloc(300_000, 7));
      fs.symlinkSync(outside, path.join(root, "proj", "escape"));
      fs.symlinkSync(path.join(outside, "secret.txt"), path.join(root, "proj", "sub", "leak.txt"));

      const into = path.join(trash, "item");
      const trashed = await moveToTrash(root, "/home/user/proj", into);
      expect(trashed).toMatchObject({ virtual: "/home/user/proj", name: "proj", folder: true });
      expect(fs.existsSync(path.join(root, "proj"))).toBe(false);
      const kept = path.join(into, "proj");
      expect(fs.readFileSync(path.join(kept, "a.txt"), "utf8")).toBe("alpha");
      expect(fs.statSync(path.join(kept, "run.sh")).mode & 0o777).toBe(0o755);
      expect(fs.readFileSync(path.join(kept, "sub", "b.bin")).equals(Buffer.alloc(300_000, 7))).toBe(true);
      expect(fs.statSync(path.join(kept, "sub", "empty")).isDirectory()).toBe(true);
      // The links stay links: nothing of what they point to was read into the trash.
      expect(fs.lstatSync(path.join(kept, "escape")).isSymbolicLink()).toBe(true);
      expect(fs.readlinkSync(path.join(kept, "escape"))).toBe(outside);
      expect(fs.lstatSync(path.join(kept, "sub", "leak.txt")).isSymbolicLink()).toBe(true);

      const back = await moveBack(root, trashed, into);
      expect(back).toBe("/home/user/proj");
      expect(fs.readFileSync(path.join(root, "proj", "sub", "b.bin")).length).toBe(300_000);
      expect(fs.lstatSync(path.join(root, "proj", "escape")).isSymbolicLink()).toBe(true);
      expect(fs.existsSync(into)).toBe(false);
      // What the links point to is as it was.
      expect(fs.readFileSync(path.join(outside, "secret.txt"), "utf8")).toBe("not yours");
      expect(fs.readdirSync(outside)).toEqual(["secret.txt"]);
    });

    it("a folder swapped for a link to elsewhere is refused, not followed", async () => {
      fs.mkdirSync(path.join(root, "swap"), { recursive: true });
      fs.writeFileSync(path.join(root, "swap", "x.txt"), "x");
      fs.rmSync(path.join(root, "swap"), { recursive: true });
      fs.symlinkSync(outside, path.join(root, "swap"));
      const into = path.join(trash, "swapped");
      // The link itself goes to the trash (a link is what is there); its target is never read.
      const trashed = await moveToTrash(root, "/home/user/swap", into);
      expect(trashed.folder).toBe(false);
      expect(fs.lstatSync(path.join(into, "swap")).isSymbolicLink()).toBe(true);
      expect(fs.readdirSync(outside)).toEqual(["secret.txt"]);
    });
  },
);
