import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../db/client";
import { openTestPglite } from "../test/databases";
import { multipart } from "../test/multipart";
import { describeWithSandbox } from "../test/sandbox-ready";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { sandboxAttacks, traversalPayloads } from "./security-cases";

/**
 * The security battery (issue 5). It attacks the file system and the sandbox, not the
 * database, so it runs once, on PGlite. Counts are printed at the end.
 */
const SERVER_SECRET = `server-canary-${Date.now()}`;
const BOB_SECRET = `bob-canary-${Date.now()}`;
const OUTSIDE_SECRET = `outside-canary-${Date.now()}`;

type Snapshot = Map<string, string>;
function snapshot(dir: string, skip: string[]): Snapshot {
  const out: Snapshot = new Map();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (skip.some((s) => p === s || p.startsWith(`${s}/`))) continue;
      const st = fs.lstatSync(p);
      out.set(
        p,
        `${e.isDirectory() ? "d" : e.isSymbolicLink() ? `l:${fs.readlinkSync(p)}` : fs.readFileSync(p, "utf8")}:${st.mtimeMs}`,
      );
      if (e.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out;
}

describeWithSandbox("security battery", () => {
  let database: Database;
  let t: TestApp;
  let dataDir: string;
  let alice: { cookie: string; id: string };
  let bob: { cookie: string; id: string };
  let port: number;
  let aliceDir: string;
  let bobDir: string;
  let siblingDir: string;
  let outsideDir: string;
  const counts = { payloads: 0, requests: 0, escapes: 0 };

  beforeAll(async () => {
    process.env.NEUROOS_SERVER_CANARY = SERVER_SECRET;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-battery-"));
    database = await openTestPglite();
    t = await buildTestApp(database, {
      DATA_DIR: dataDir,
      SANDBOX_JOBS_PER_USER: "24",
      SANDBOX_MAX_JOBS: "32",
      SANDBOX_TIMEOUT_MS: "8000",
      SANDBOX_MEMORY_MB: "256",
      LOG_LEVEL: "error",
    });
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    alice = { cookie: a.cookie, id: a.user.id };
    bob = { cookie: b.cookie, id: b.user.id };
    await t.app.listen({ port: 0, host: "0.0.0.0" });
    port = (t.app.server.address() as { port: number }).port;
    // Create both workspaces, then the canaries around alice's.
    for (const u of [alice, bob])
      await t.app.inject({ method: "GET", url: "/api/files/stats", headers: { cookie: u.cookie } });
    aliceDir = path.join(dataDir, "workspaces", alice.id);
    bobDir = path.join(dataDir, "workspaces", bob.id);
    fs.writeFileSync(path.join(bobDir, "bob-canary.txt"), BOB_SECRET);
    siblingDir = `${aliceDir}2`; // sibling-prefix: /ws/alice must not admit /ws/alice2
    fs.mkdirSync(siblingDir);
    fs.writeFileSync(path.join(siblingDir, "canary.txt"), OUTSIDE_SECRET);
    outsideDir = path.join(dataDir, "outside");
    fs.mkdirSync(outsideDir);
    fs.writeFileSync(path.join(outsideDir, "canary.txt"), OUTSIDE_SECRET);
    fs.writeFileSync(path.join(dataDir, "canary.txt"), OUTSIDE_SECRET);
  });

  afterAll(async () => {
    console.log(
      `security battery: ${counts.payloads} traversal payloads refused (${counts.requests} requests), ${counts.escapes} sandbox escapes contained`,
    );
    delete process.env.NEUROOS_SERVER_CANARY;
    await t.app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  });

  const run = async (cookie: string, language: string, code: string, timeoutMs?: number) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/sandbox/run",
      headers: { cookie },
      payload: { language, code, ...(timeoutMs ? { timeoutMs } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      stdout: string;
      stderr: string;
      exitCode: number | null;
      limit: string | null;
      truncated: boolean;
    };
  };

  it("refuses 40+ traversal payloads on every file operation and touches nothing outside", async () => {
    // Links made by code inside the sandbox, pointing out of the workspace in every way.
    const made = await run(
      alice.cookie,
      "bash",
      [
        "ln -s /etc escape",
        "ln -s ../../../../.. up",
        `ln -s ${dataDir} datalink`,
        `ln -s ${bobDir} bobws`,
        `ln -s ${siblingDir} sib`,
        "ln -s loop loop",
        "ln -s a chain && ln -s b a && ln -s /etc b",
        "mkdir -p deep/er && ln -s ../../.. deep/er/out",
        "echo done",
      ].join("\n"),
    );
    expect(made.stdout).toBe("done\n");

    const payloads = traversalPayloads({ dataDir, bobDir, siblingDir });
    const outside = snapshot(dataDir, [aliceDir]);
    const refused = (res: { statusCode: number; body: string }, what: string) => {
      counts.requests += 1;
      expect([400, 403], `${what}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      expect(JSON.parse(res.body).error.code, what).toMatch(/^(invalid_path|bad_request|forbidden)$/);
    };
    const inject = (method: "GET" | "PUT" | "POST" | "DELETE", url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: alice.cookie }, ...(payload ? { payload } : {}) });
    for (const p of payloads) {
      const queries = [encodeURIComponent(p)];
      if (p.includes("%") && !/[\0\\\s]/.test(p)) queries.push(p); // also as the client would send it raw
      for (const q of queries) {
        refused(await inject("GET", `/api/files/content?path=${q}`), `read ${p}`);
        refused(await inject("GET", `/api/files/download?path=${q}`), `download ${p}`);
        refused(await inject("GET", `/api/files?path=${q}`), `list ${p}`);
        refused(await inject("DELETE", `/api/files?path=${q}`), `delete ${p}`);
        const up = multipart({ "x.txt": "pwned" });
        refused(
          await t.app.inject({
            method: "POST",
            url: `/api/files/upload?dir=${q}`,
            headers: { cookie: alice.cookie, ...up.headers },
            payload: up.payload,
          }),
          `upload into ${p}`,
        );
      }
      refused(await inject("PUT", "/api/files/content", { path: p, content: "pwned" }), `write ${p}`);
      refused(await inject("POST", "/api/files/mkdir", { path: p }), `mkdir ${p}`);
      refused(
        await inject("POST", "/api/files/move", { from: "/home/user/projects/README.md", to: p }),
        `move to ${p}`,
      );
      refused(
        await inject("POST", "/api/files/move", { from: p, to: "/home/user/stolen" }),
        `move from ${p}`,
      );
      counts.payloads += 1;
    }
    // Upload names: only plain names are accepted.
    const names = [
      "../x.txt",
      "../../etc/cron.d/x",
      "/etc/passwd",
      "..",
      ".",
      "a/b.txt",
      "..\\x.txt",
      "x\u202e.txt",
      "\uff0e\uff0e",
    ];
    for (const name of names) {
      const up = multipart({ [name]: "pwned" });
      refused(
        await t.app.inject({
          method: "POST",
          url: "/api/files/upload",
          headers: { cookie: alice.cookie, ...up.headers },
          payload: up.payload,
        }),
        `upload name ${name}`,
      );
    }
    expect(counts.payloads).toBeGreaterThanOrEqual(40);
    expect(snapshot(dataDir, [aliceDir])).toEqual(outside);
    expect(fs.existsSync(path.join(aliceDir, "stolen"))).toBe(false);
    expect(fs.readFileSync(path.join(aliceDir, "projects", "README.md"), "utf8")).toContain("Welcome");
  });

  it("acts on a link itself, never on what it points to outside", async () => {
    await run(
      alice.cookie,
      "bash",
      `ln -s ${outsideDir}/canary.txt canarylink; ln -s / hostroot; mkfifo fifo`,
    );
    // A FIFO cannot hang the server: refused at once as not a regular file.
    for (const url of ["/api/files/content?path=fifo", "/api/files/download?path=fifo"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { cookie: alice.cookie } });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe("Not a file: /home/user/fifo");
    }
    const read = await t.app.inject({
      method: "GET",
      url: "/api/files/content?path=canarylink",
      headers: { cookie: alice.cookie },
    });
    expect(read.statusCode).toBe(400);
    const root = await t.app.inject({
      method: "GET",
      url: "/api/files?path=/home/user/hostroot",
      headers: { cookie: alice.cookie },
    });
    expect(root.statusCode).toBe(400);
    // Writing replaces the link by a file of the workspace; deleting removes the link only.
    const write = await t.app.inject({
      method: "PUT",
      url: "/api/files/content",
      headers: { cookie: alice.cookie },
      payload: { path: "canarylink", content: "overwritten?" },
    });
    expect(write.statusCode).toBe(200);
    expect(fs.readFileSync(path.join(outsideDir, "canary.txt"), "utf8")).toBe(OUTSIDE_SECRET);
    expect(fs.lstatSync(path.join(aliceDir, "canarylink")).isFile()).toBe(true);
    const del = await t.app.inject({
      method: "DELETE",
      url: "/api/files?path=hostroot",
      headers: { cookie: alice.cookie },
    });
    expect(del.statusCode).toBe(204);
    expect(fs.existsSync("/etc/passwd")).toBe(true);
    counts.escapes += 1;
  });

  it("holds when sandboxed code swaps a folder for an outside link during file operations", async () => {
    const racer = run(
      alice.cookie,
      "bash",
      `end=$((SECONDS+2)); while [ $SECONDS -lt $end ]; do rm -rf d; mkdir d; echo in > d/canary.txt; rm -rf d; ln -s ${outsideDir} d; done; echo raced`,
    );
    const api = (method: "GET" | "PUT" | "DELETE", url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: alice.cookie }, ...(payload ? { payload } : {}) });
    const deadline = Date.now() + 1800;
    let attempts = 0;
    while (Date.now() < deadline) {
      attempts += 1;
      const [r, w] = await Promise.all([
        api("GET", "/api/files/content?path=d/canary.txt"),
        api("PUT", "/api/files/content", { path: "d/canary.txt", content: "pwned" }),
        api("DELETE", "/api/files?path=d/canary.txt"),
      ]);
      expect(r.body).not.toContain(OUTSIDE_SECRET);
      expect(w.statusCode, w.body).not.toBe(500);
    }
    expect((await racer).stdout).toContain("raced");
    expect(attempts).toBeGreaterThan(10);
    expect(fs.readFileSync(path.join(outsideDir, "canary.txt"), "utf8")).toBe(OUTSIDE_SECRET);
    expect(fs.readdirSync(outsideDir)).toEqual(["canary.txt"]);
    counts.escapes += 1;
  });

  it("contains code that attacks from inside the sandbox", async () => {
    const attacks = sandboxAttacks(
      { dataDir, bobDir, siblingDir },
      { server: SERVER_SECRET, bob: BOB_SECRET },
      port,
    );
    const timeouts: Record<string, number> = { "infinite loop": 1500, "fork bomb": 6000 };
    // Every attack at once, while bob keeps working.
    const bobJobs = run(
      bob.cookie,
      "python",
      "import os, time\ntime.sleep(1.5)\nprint(sorted(os.listdir('/home/user')))",
    );
    const results = await Promise.all(
      attacks.map(([name, code]) => run(alice.cookie, "bash", code, timeouts[name])),
    );
    results.forEach((r, i) => {
      const [name, , check] = attacks[i] as (typeof attacks)[number];
      try {
        check(r);
      } catch (err) {
        throw new Error(`${name}: ${(err as Error).message}\n${JSON.stringify(r).slice(0, 1000)}`);
      }
      counts.escapes += 1;
    });
    const bobResult = await bobJobs;
    expect(bobResult.stdout).toBe("['bob-canary.txt', 'projects', 'src']\n");
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });

  it("lets two users' jobs run at once, each seeing only their own files", async () => {
    const code =
      "import os\nprint(sorted(os.listdir('/home/user')))\nprint(open('/home/user/bob-canary.txt').read() if os.path.exists('/home/user/bob-canary.txt') else 'none')";
    const [a, b] = await Promise.all([run(alice.cookie, "python", code), run(bob.cookie, "python", code)]);
    expect(a.stdout).not.toContain("bob-canary");
    expect(a.stdout).toContain("none");
    expect(b.stdout).toBe(`['bob-canary.txt', 'projects', 'src']\n${BOB_SECRET}\n`);
    counts.escapes += 1;
  });
});
