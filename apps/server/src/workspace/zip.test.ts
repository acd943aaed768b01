import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { type UnzipFileInfo, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { planZip } from "./zip";

const q = encodeURIComponent;
const zipQuery = (paths: string[]) => `/api/files/zip?${paths.map((p) => `path=${q(p)}`).join("&")}`;

/** What a zip holds, by name in its order, and how each was stored (8: deflated, 0: stored). */
function unzipped(data: Uint8Array) {
  const methods: Record<string, number> = {};
  const files = unzipSync(data, {
    filter: (file: UnzipFileInfo) => {
      methods[file.name] = file.compression;
      return true;
    },
  });
  const text = (name: string) => Buffer.from(files[name] ?? []).toString("utf8");
  return { names: Object.keys(files), files, methods, text };
}

/** Writes files (a string or bytes) and empty folders (a trailing "/") into a workspace on disk. */
function lay(root: string, tree: Record<string, string | Buffer>) {
  for (const [name, content] of Object.entries(tree)) {
    const where = path.join(root, name);
    if (name.endsWith("/")) fs.mkdirSync(where, { recursive: true });
    else {
      fs.mkdirSync(path.dirname(where), { recursive: true });
      fs.writeFileSync(where, content);
    }
  }
}

describeEachDatabase("files zip API", (db) => {
  let t: TestApp;
  let dataDir: string;
  let cookie: string;
  let root: string;
  const get = (url: string, c: string | null = cookie) =>
    t.app.inject({ method: "GET", url, headers: c === null ? {} : { cookie: c } });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-zip-"));
    t = await buildTestApp(db(), { DATA_DIR: dataDir });
    const signedIn = await signedInUser(t.app);
    cookie = signedIn.cookie;
    expect((await get("/api/files/stats")).statusCode).toBe(200); // makes the workspace
    root = path.join(dataDir, "workspaces", signedIn.user.id);
    lay(root, {
      "proj/a.txt": "alpha\n",
      "proj/run.sh": "#!/bin/sh\necho hi\n",
      "proj/sub/b.txt": "beta ✓\n",
      "proj/sub/deeper/c.json": '{"c":3}',
      "proj/empty/": "",
      "x/notes.txt": "notes from x",
      "y/notes.txt": "notes from y",
      "x/data/one.csv": "1",
      "y/data/two.csv": "2",
    });
    fs.chmodSync(path.join(root, "proj/run.sh"), 0o755);
  });
  afterAll(async () => {
    await t.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("zips a folder with its nested files and empty folders, named from the folder's parent", async () => {
    const res = await get(zipQuery(["/home/user/proj"]));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="proj.zip"; filename*=UTF-8''proj.zip`,
    );
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const zip = unzipped(res.rawPayload);
    expect(zip.names).toEqual([
      "proj/",
      "proj/a.txt",
      "proj/empty/",
      "proj/run.sh",
      "proj/sub/",
      "proj/sub/b.txt",
      "proj/sub/deeper/",
      "proj/sub/deeper/c.json",
    ]);
    expect(zip.text("proj/a.txt")).toBe("alpha\n");
    expect(zip.text("proj/run.sh")).toBe("#!/bin/sh\necho hi\n");
    expect(zip.text("proj/sub/b.txt")).toBe("beta ✓\n");
    expect(zip.text("proj/sub/deeper/c.json")).toBe('{"c":3}');
    expect(zip.files["proj/empty/"]).toEqual(new Uint8Array(0));
    expect(zip.methods["proj/a.txt"]).toBe(8); // small files are deflated
  });

  it("gives two items of the same name from different folders names of their own", async () => {
    const res = await get(
      zipQuery(["/home/user/x/notes.txt", "/home/user/y/notes.txt", "/home/user/x/data", "y/data"]),
    );
    expect(res.statusCode).toBe(200);
    // Several items: the zip is named after the folder holding the first.
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="x.zip"; filename*=UTF-8''x.zip`);
    const zip = unzipped(res.rawPayload);
    expect(zip.names).toEqual([
      "notes.txt",
      "notes (2).txt",
      "data/",
      "data/one.csv",
      "data (2)/",
      "data (2)/two.csv",
    ]);
    expect(zip.text("notes.txt")).toBe("notes from x");
    expect(zip.text("notes (2).txt")).toBe("notes from y");
    expect(zip.text("data (2)/two.csv")).toBe("2");
  });

  it("stores a binary file over 1 MB intact", async () => {
    const big = randomBytes(1024 * 1024 + 12_345);
    lay(root, { "media/big.bin": big });
    try {
      const res = await get(zipQuery(["/home/user/media/big.bin"]));
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toContain(`filename="big.bin.zip"`);
      const zip = unzipped(res.rawPayload);
      expect(zip.names).toEqual(["big.bin"]);
      expect(zip.methods["big.bin"]).toBe(0); // stored, not compressed in one go
      expect(Buffer.from(zip.files["big.bin"] ?? []).equals(big)).toBe(true);
    } finally {
      fs.rmSync(path.join(root, "media"), { recursive: true });
    }
  });

  it("zips a repeated or nested selection once", async () => {
    const res = await get(
      zipQuery([
        "/home/user/proj/sub/b.txt",
        "/home/user/proj",
        "proj",
        "~/proj/sub",
        "/home/user/proj/a.txt",
      ]),
    );
    expect(res.statusCode).toBe(200);
    // One item once the nested ones are dropped: the zip takes its name.
    expect(res.headers["content-disposition"]).toContain(`filename="proj.zip"`);
    const names = unzipped(res.rawPayload).names;
    expect(names).toEqual([
      "proj/",
      "proj/a.txt",
      "proj/empty/",
      "proj/run.sh",
      "proj/sub/",
      "proj/sub/b.txt",
      "proj/sub/deeper/",
      "proj/sub/deeper/c.json",
    ]);
    // The workspace root may be zipped too (as "files"); whatever else is selected is inside it.
    const all = await get(zipQuery(["/home/user/x", "/home/user"]));
    expect(all.statusCode).toBe(200);
    expect(all.headers["content-disposition"]).toContain(`filename="files.zip"`);
    const everything = unzipped(all.rawPayload);
    expect(everything.names).toContain("files/proj/sub/deeper/c.json");
    expect(everything.names).toContain("files/projects/README.md");
    expect(everything.names.filter((n) => n.endsWith("x/notes.txt"))).toEqual(["files/x/notes.txt"]);
    // 500 paths are accepted (here the same one, zipped once).
    const many = await get(zipQuery(Array.from({ length: 500 }, () => "proj/a.txt")));
    expect(many.statusCode).toBe(200);
    expect(unzipped(many.rawPayload).names).toEqual(["a.txt"]);
  });

  it("refuses an unknown path, a path out of the workspace, no path and more than 500 paths", async () => {
    const unknown = await get(zipQuery(["/home/user/proj", "/home/user/nope"]));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({
      code: "not_found",
      message: "No such file or folder: /home/user/nope",
    });
    const traversal = await get(zipQuery(["/home/user/../../etc/passwd"]));
    const download = await get(`/api/files/download?path=${q("/home/user/../../etc/passwd")}`);
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json()).toEqual(download.json());
    expect(traversal.json().error.code).toBe("invalid_path");
    expect((await get(zipQuery(["/etc/passwd"]))).statusCode).toBe(400);

    const none = await get("/api/files/zip");
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe("path: Choose at least one file or folder");
    const tooMany = await get(zipQuery(Array.from({ length: 501 }, (_, i) => `f${i}`)));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe("path: Zip at most 500 files and folders at once");
  });

  it("refuses a selection of more than 10,000 entries before sending anything", async () => {
    const many = path.join(root, "many");
    fs.mkdirSync(many);
    try {
      for (let i = 0; i < 10_000; i += 1) fs.writeFileSync(path.join(many, `f${i}`), "");
      const res = await get(zipQuery(["/home/user/many"]));
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toBe(
        "The selection holds too many files to zip at once (over 10,000); choose fewer or a smaller folder",
      );
      // 10,000 entries exactly (the folder and 9,999 files) may be zipped (planned here: zipping takes long).
      fs.rmSync(path.join(many, "f0"));
      expect((await planZip(root, ["/home/user/many"])).name).toBe("many.zip");
    } finally {
      fs.rmSync(many, { recursive: true });
    }
  });

  it("zips only the person's own files and needs a session", async () => {
    const other = await signedInUser(t.app);
    lay(root, { "projects/secret.txt": "mine" });
    try {
      expect((await get(zipQuery(["/home/user/proj"]), other.cookie)).statusCode).toBe(404);
      // The same path means the other person's own workspace.
      const theirs = await get(zipQuery(["/home/user/projects"]), other.cookie);
      expect(theirs.statusCode).toBe(200);
      const names = unzipped(theirs.rawPayload).names;
      expect(names).toContain("projects/README.md");
      expect(names).not.toContain("projects/secret.txt");
      const mine = unzipped((await get(zipQuery(["/home/user/projects"]))).rawPayload);
      expect(mine.text("projects/secret.txt")).toBe("mine");
    } finally {
      fs.rmSync(path.join(root, "projects/secret.txt"));
    }
    expect((await get(zipQuery(["/home/user/proj"]), null)).statusCode).toBe(401);
  });
});

/** The streaming half on a plain folder (no app): what changes meanwhile, and a client that goes away. */
describe("writing a zip", () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-zip-stream-"));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const collect = () => {
    const chunks: Buffer[] = [];
    const out = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    return { out, bytes: () => new Uint8Array(Buffer.concat(chunks)) };
  };
  /** The paths this process holds open. */
  const openPaths = () =>
    fs.readdirSync("/proc/self/fd").map((fd) => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return "";
      }
    });

  it("skips files that vanish or stop being files after the plan, and closes every file", async () => {
    lay(root, { "w/a.txt": "a", "w/b.txt": "b", "w/c.txt": "c", "w/link": "" });
    fs.rmSync(path.join(root, "w/link"));
    fs.symlinkSync("/etc/passwd", path.join(root, "w/link")); // out of the workspace: skipped
    const plan = await planZip(root, ["/home/user/w"]);
    fs.rmSync(path.join(root, "w/b.txt"));
    fs.rmSync(path.join(root, "w/c.txt"));
    fs.mkdirSync(path.join(root, "w/c.txt"));
    const { out, bytes } = collect();
    await plan.write(out, new AbortController().signal);
    await finished(out);
    const zip = unzipped(bytes());
    expect(zip.names).toEqual(["w/", "w/a.txt"]);
    expect(zip.text("w/a.txt")).toBe("a");
    expect(openPaths().filter((p) => p.startsWith(root))).toEqual([]);
  });

  it("stops, closing the file it was reading, when the client goes away", async () => {
    lay(root, { "slow/big.bin": randomBytes(3 * 1024 * 1024) });
    const plan = await planZip(root, ["slow"]);
    const gone = new AbortController();
    let written = 0;
    // A client that takes one chunk and never more.
    const out = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        written += chunk.length;
        if (written < 100_000) done();
      },
    });
    const writing = plan.write(out, gone.signal);
    // Reading (and stalled on the client): a fixed wait could pass before the file opened on a busy machine.
    await expect.poll(openPaths, { timeout: 5000, interval: 10 }).toContain(path.join(root, "slow/big.bin"));
    gone.abort();
    await expect(writing).rejects.toThrow(/abort/i);
    expect(written).toBeLessThan(1024 * 1024);
    await expect.poll(() => openPaths().filter((p) => p.startsWith(root)), { timeout: 2000 }).toEqual([]);
  });
});
