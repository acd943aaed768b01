import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";

/** Versions on file writes: a read's ETag, a save's If-Match, and a stale save refused with the file as it is. */
describeEachDatabase("file versions (ETag and If-Match)", (db) => {
  let t: TestApp;
  let dataDir: string;
  let cookie: string;
  let root: string;
  const file = "/home/user/src/app.ts";
  const read = () =>
    t.app.inject({
      method: "GET",
      url: `/api/files/content?path=${encodeURIComponent(file)}`,
      headers: { cookie },
    });
  const save = (content: string, ifMatch?: string) =>
    t.app.inject({
      method: "PUT",
      url: "/api/files/content",
      headers: { cookie, ...(ifMatch === undefined ? {} : { "if-match": ifMatch }) },
      payload: { path: file, content },
    });
  const onDisk = () => fs.readFileSync(path.join(root, "src/app.ts"), "utf8");

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-versions-"));
    t = await buildTestApp(db(), { DATA_DIR: dataDir });
    const signedIn = await signedInUser(t.app);
    cookie = signedIn.cookie;
    root = path.join(dataDir, "workspaces", signedIn.user.id);
    await read(); // the starter tree
  });
  afterAll(async () => {
    await t.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("a read names its version as the ETag; a save on that version is written and names the new one", async () => {
    const first = await read();
    expect(first.statusCode).toBe(200);
    const version = first.json().version as string;
    expect(version).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.headers.etag).toBe(`"${version}"`);

    const saved = await save("export const a = 1;\n", `"${version}"`);
    expect(saved.statusCode, saved.body).toBe(200);
    const next = saved.json().version as string;
    expect(next).not.toBe(version);
    expect(saved.headers.etag).toBe(`"${next}"`);
    expect((await read()).json()).toMatchObject({ version: next, content: "export const a = 1;\n" });
  });

  it("a save on an older version (the terminal wrote since) is refused with 409 and the file as it is; nothing changes", async () => {
    const mine = (await read()).json() as { version: string; content: string };
    fs.appendFileSync(path.join(root, "src/app.ts"), "// from the terminal\n");
    const stale = await save("export const a = 2;\n", `"${mine.version}"`);
    expect(stale.statusCode).toBe(409);
    const error = stale.json().error as {
      code: string;
      message: string;
      current: { content: string; version: string };
    };
    expect(error.code).toBe("conflict");
    expect(error.message).toMatch(/changed elsewhere since you opened it/);
    expect(error.current.content).toBe(`${mine.content}// from the terminal\n`);
    expect(error.current.version).toBe((await read()).json().version);
    expect(onDisk()).toBe(`${mine.content}// from the terminal\n`);

    // Saving again on the version the 409 gave (keep mine, after seeing theirs) is written.
    const kept = await save("export const a = 2;\n", `"${error.current.version}"`);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(onDisk()).toBe("export const a = 2;\n");
  });

  it("a save on a version of a file that is gone is refused (current null), and a save without If-Match writes as before", async () => {
    const { version } = (await read()).json() as { version: string };
    fs.rmSync(path.join(root, "src/app.ts"));
    const gone = await save("x\n", `"${version}"`);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error).toMatchObject({ code: "conflict", current: null });
    expect(fs.existsSync(path.join(root, "src/app.ts"))).toBe(false);
    expect((await save("restored\n")).statusCode).toBe(200);
    expect(onDisk()).toBe("restored\n");
  });

  it("two saves on the same version at once: one is written, the other refused with the first one's content", async () => {
    const { version } = (await read()).json() as { version: string };
    const [a, b] = await Promise.all([
      save("from tab A\n", `"${version}"`),
      save("from tab B\n", `"${version}"`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [won, lost] = a.statusCode === 200 ? [a, b] : [b, a];
    expect(onDisk()).toBe(won === a ? "from tab A\n" : "from tab B\n");
    expect(lost.json().error.current.content).toBe(onDisk());
  });

  it("a file reached through a link inside the workspace saves on the version its read gave", async () => {
    fs.symlinkSync("app.ts", path.join(root, "src/linked.ts"));
    const url = `/api/files/content?path=${encodeURIComponent("/home/user/src/linked.ts")}`;
    const linked = (await t.app.inject({ method: "GET", url, headers: { cookie } })).json() as {
      version: string;
    };
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/files/content",
      headers: { cookie, "if-match": `"${linked.version}"` },
      payload: { path: "/home/user/src/linked.ts", content: "through the link\n" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it("an If-Match that names no single version is a 400 and writes nothing", async () => {
    const before = onDisk();
    for (const header of ["*", "abc", '"a", "b"', '"bad version!"']) {
      const res = await save("nope\n", header);
      expect(res.statusCode, header).toBe(400);
      expect(res.json().error.message).toMatch(/If-Match/);
    }
    expect(onDisk()).toBe(before);
  });
});
