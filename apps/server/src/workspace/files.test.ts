import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { multipart } from "../test/multipart";
import { buildSignup, buildTestApp, cookiePair, signedInUser, type TestApp } from "../test/test-app";

describeEachDatabase("files API", (db) => {
  let t: TestApp;
  let dataDir: string;
  let cookie: string;
  let userId: string;
  const api = (method: "GET" | "PUT" | "POST" | "DELETE", url: string, payload?: unknown, c = cookie) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: c },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const q = encodeURIComponent;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-files-"));
    t = await buildTestApp(db(), {
      DATA_DIR: dataDir,
      WORKSPACE_FILE_MB_FREE: String(20 / 1024), // 20 KB
      WORKSPACE_QUOTA_MB_FREE: String(64 / 1024), // 64 KB
      EXECUTIVE_ACCESS_DOMAINS: "pro.example",
    });
    const signedIn = await signedInUser(t.app);
    cookie = signedIn.cookie;
    userId = signedIn.user.id;
  });
  afterAll(async () => {
    await t.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("gives a new account the starter tree, listed with path, type, size and modified", async () => {
    const res = await api("GET", "/api/files");
    expect(res.statusCode).toBe(200);
    const entries = res.json() as { path: string; type: string; size: number; modified: string }[];
    const paths = entries.map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/home/user/projects",
        "/home/user/projects/README.md",
        "/home/user/projects/example.py",
        "/home/user/projects/example.js",
        "/home/user/projects/example.ts",
        "/home/user/projects/data.json",
        "/home/user/src/index.ts",
        "/home/user/src/app.ts",
      ]),
    );
    const readme = entries.find((e) => e.path.endsWith("README.md"));
    expect(readme).toMatchObject({ type: "file" });
    expect(readme?.size).toBeGreaterThan(100);
    expect(new Date(readme?.modified ?? "").getTime()).toBeGreaterThan(Date.now() - 60_000);
    const stats = (await api("GET", "/api/files/stats")).json();
    expect(stats).toMatchObject({
      totalFiles: 7,
      quota: { maxFileBytes: 20 * 1024, maxWorkspaceBytes: 64 * 1024 },
    });
    expect(stats.totalSize).toBe(entries.filter((e) => e.type === "file").reduce((s, e) => s + e.size, 0));
    const shallow = (await api("GET", "/api/files?path=/home/user&recursive=false")).json();
    expect(shallow.map((e: { path: string }) => e.path).sort()).toEqual([
      "/home/user/projects",
      "/home/user/src",
    ]);
  });

  it("writes, reads, creates folders, moves and deletes", async () => {
    const write = await api("PUT", "/api/files/content", {
      path: "/home/user/notes/today.md",
      content: "# Hi ✓\n",
    });
    expect(write.statusCode).toBe(200);
    expect(write.json()).toMatchObject({ path: "/home/user/notes/today.md", type: "file", size: 9 });
    const read = await api("GET", `/api/files/content?path=${q("/home/user/notes/today.md")}`);
    expect(read.json()).toMatchObject({ content: "# Hi ✓\n", encoding: "utf8", size: 9 });

    const binary = Buffer.from([0, 255, 1, 254]);
    await api("PUT", "/api/files/content", {
      path: "bin.dat",
      content: binary.toString("base64"),
      encoding: "base64",
    });
    expect((await api("GET", "/api/files/content?path=bin.dat")).json()).toMatchObject({
      encoding: "base64",
      content: binary.toString("base64"),
    });

    expect((await api("POST", "/api/files/mkdir", { path: "/home/user/a/b/c" })).statusCode).toBe(201);
    expect((await api("POST", "/api/files/mkdir", { path: "/home/user/a/b/c" })).statusCode).toBe(409);
    const move = await api("POST", "/api/files/move", {
      from: "/home/user/notes/today.md",
      to: "/home/user/a/b/c/t.md",
    });
    expect(move.json()).toMatchObject({ path: "/home/user/a/b/c/t.md", type: "file" });
    expect(
      (await api("POST", "/api/files/move", { from: "/home/user/a", to: "/home/user/a/b/x" })).statusCode,
    ).toBe(400);
    expect(
      (await api("POST", "/api/files/move", { from: "/home/user/bin.dat", to: "/home/user/a/b/c/t.md" }))
        .statusCode,
    ).toBe(409);
    expect(
      (await api("POST", "/api/files/move", { from: "/home/user/nope", to: "/home/user/x" })).statusCode,
    ).toBe(404);

    expect((await api("DELETE", `/api/files?path=${q("/home/user/a")}`)).statusCode).toBe(204);
    expect((await api("GET", `/api/files/content?path=${q("/home/user/a/b/c/t.md")}`)).statusCode).toBe(404);
    expect((await api("DELETE", `/api/files?path=${q("/home/user")}`)).statusCode).toBe(400);
    expect(
      (await api("PUT", "/api/files/content", { path: "/home/user/bin.dat", content: "x", overwrite: false }))
        .statusCode,
    ).toBe(409);
    expect(
      (await api("PUT", "/api/files/content", { path: "/home/user/projects", content: "x" })).statusCode,
    ).toBe(409);
    await api("DELETE", "/api/files?path=bin.dat");
    await api("DELETE", "/api/files?path=notes");

    // Each change is in the execution log, refusals as errors; reads are not logged.
    const logs = (await api("GET", "/api/logs?limit=200")).json() as { command: string; status: string }[];
    const logged = logs.map((l) => `${l.status} ${l.command}`);
    expect(logged).toContain("success write /home/user/notes/today.md");
    expect(logged).toContain("success move /home/user/notes/today.md /home/user/a/b/c/t.md");
    expect(logged).toContain("error mkdir /home/user/a/b/c");
    expect(logged).toContain("success delete /home/user/a");
    expect(logged.filter((l) => l.includes("today.md") && !l.includes("move"))).toHaveLength(1);
  });

  it("uploads several files at once and downloads them back", async () => {
    const up = multipart({ "one.txt": "first", "two (2).csv": "a,b\n1,2\n", "ünï.txt": "x" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/files/upload?dir=/home/user/projects",
      headers: { cookie, ...up.headers },
      payload: up.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().files.map((f: { path: string }) => f.path)).toEqual([
      "/home/user/projects/one.txt",
      "/home/user/projects/two (2).csv",
      "/home/user/projects/ünï.txt",
    ]);
    const dl = await api("GET", `/api/files/download?path=${q("/home/user/projects/two (2).csv")}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toBe("a,b\n1,2\n");
    expect(dl.headers["content-type"]).toBe("application/octet-stream");
    expect(dl.headers["content-disposition"]).toBe(
      `attachment; filename="two (2).csv"; filename*=UTF-8''two%20(2).csv`,
    );
    const uni = await api("GET", `/api/files/download?path=${q("/home/user/projects/ünï.txt")}`);
    expect(uni.headers["content-disposition"]).toContain("filename*=UTF-8''%C3%BCn%C3%AF.txt");
    // A second upload of an existing name is refused, and nothing of it is written.
    const again = multipart({ "three.txt": "3", "one.txt": "changed" });
    const conflict = await t.app.inject({
      method: "POST",
      url: "/api/files/upload?dir=/home/user/projects",
      headers: { cookie, ...again.headers },
      payload: again.payload,
    });
    expect(conflict.statusCode).toBe(409);
    expect((await api("GET", "/api/files/content?path=projects/one.txt")).json().content).toBe("first");
    expect((await api("GET", "/api/files/content?path=projects/three.txt")).statusCode).toBe(404);
    for (const name of ["one.txt", "two (2).csv", "ünï.txt"])
      await api("DELETE", `/api/files?path=${q(`projects/${name}`)}`);
  });

  it("answers 413 with a clear message over the per-file or workspace limit, and writes nothing", async () => {
    const big = "x".repeat(20 * 1024 + 1);
    const tooBig = await api("PUT", "/api/files/content", { path: "big.txt", content: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe(
      "/home/user/big.txt is larger than the 20 KB per-file limit of the Free plan",
    );
    const up = multipart({ "big.bin": Buffer.alloc(20 * 1024 + 1) });
    const upRes = await t.app.inject({
      method: "POST",
      url: "/api/files/upload",
      headers: { cookie, ...up.headers },
      payload: up.payload,
    });
    expect(upRes.statusCode).toBe(413);
    expect(upRes.json().error.message).toContain("per-file limit of the Free plan");

    // Fill the 64 KB workspace: three 19 KB files fit, the fourth does not.
    for (const i of [1, 2, 3]) {
      expect(
        (await api("PUT", "/api/files/content", { path: `fill${i}`, content: "y".repeat(19 * 1024) }))
          .statusCode,
      ).toBe(200);
    }
    const over = await api("PUT", "/api/files/content", { path: "fill4", content: "y".repeat(19 * 1024) });
    expect(over.statusCode).toBe(413);
    expect(over.json().error.message).toMatch(
      /^Not enough space for \/home\/user\/fill4 \(19 KB\): the workspace is limited to 64 KB on the Free plan/,
    );
    // Replacing a file counts only the difference.
    expect(
      (await api("PUT", "/api/files/content", { path: "fill3", content: "z".repeat(19 * 1024) })).statusCode,
    ).toBe(200);
    const many = multipart({ "u1.bin": Buffer.alloc(5000), "u2.bin": Buffer.alloc(9000) });
    const manyRes = await t.app.inject({
      method: "POST",
      url: "/api/files/upload",
      headers: { cookie, ...many.headers },
      payload: many.payload,
    });
    expect(manyRes.statusCode).toBe(413);
    const list = (await api("GET", "/api/files")).json().map((e: { path: string }) => e.path);
    expect(list).not.toContain("/home/user/fill4");
    expect(list).not.toContain("/home/user/u1.bin");
    const root = path.join(dataDir, "workspaces", userId);
    expect(fs.readdirSync(root).filter((n) => n.startsWith(".neuroos-tmp-"))).toEqual([]);
    for (const i of [1, 2, 3]) await api("DELETE", `/api/files?path=fill${i}`);
  });

  it("gives the Pro plan its larger limits", async () => {
    const body = buildSignup({ email: `boss${Date.now()}@pro.example` });
    await t.app.inject({ method: "POST", url: "/api/auth/signup", payload: body });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: body.email, password: body.password },
    });
    const pro = cookiePair(login.headers["set-cookie"]);
    const stats = (await api("GET", "/api/files/stats", undefined, pro)).json();
    expect(stats.quota).toEqual({ maxFileBytes: 100 * 1024 * 1024, maxWorkspaceBytes: 2048 * 1024 * 1024 });
    expect(
      (await api("PUT", "/api/files/content", { path: "big.txt", content: "x".repeat(30 * 1024) }, pro))
        .statusCode,
    ).toBe(200);
  });

  it("keeps each user's files apart and requires a session", async () => {
    const other = await signedInUser(t.app);
    await api("PUT", "/api/files/content", { path: "mine.txt", content: "secret" });
    expect((await api("GET", "/api/files/content?path=mine.txt", undefined, other.cookie)).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: "GET", url: "/api/files" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/files/stats" })).statusCode).toBe(401);
    await api("DELETE", "/api/files?path=mine.txt");
  });
});
