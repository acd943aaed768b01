import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { TERMINAL_WS_PATH } from "@neuroos/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { openTestPglite } from "../test/databases";
import { sandboxReady } from "../test/sandbox-ready";
import { Term } from "../test/terminal-client";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { WorkspaceVolumes } from "./volumes";

const MB = 1024 * 1024;
const QUOTA_MB = 20;
/** The stated bound: code cannot write past the quota at all (the file system has exactly that room). */
const OVERSHOOT_BOUND = 0;
const volumesReady = sandboxReady && (await WorkspaceVolumes.available());

const mountsUnder = (dir: string) =>
  fs
    .readFileSync("/proc/self/mountinfo", "utf8")
    .split("\n")
    .filter((l) => l.split(" ")[4]?.startsWith(dir));

describe.skipIf(!volumesReady)("workspace volumes: the quota holds for code and the terminal", () => {
  let database: Database;
  let t: TestApp;
  let dataDir: string;
  let who: { cookie: string };
  let origin: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join("/var/tmp", "neuroos-volumes-"));
    database = await openTestPglite();
    t = await buildTestApp(database, {
      DATA_DIR: dataDir,
      WORKSPACE_VOLUMES: "auto",
      WORKSPACE_QUOTA_MB_FREE: String(QUOTA_MB),
      WORKSPACE_FILE_MB_FREE: String(QUOTA_MB),
    });
    who = await signedInUser(t.app);
    origin = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
    expect(mountsUnder(dataDir)).toEqual([]); // closing the server unmounted its volumes
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const api = (method: "GET" | "POST", url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
  const used = async () => (await api("GET", "/api/files/stats")).json().totalSize as number;
  const runCode = async (code: string) =>
    (await api("POST", "/api/sandbox/run", { language: "bash", code })).json();

  it("the starter tree is there, and the sandbox does not see the host's data path", async () => {
    const out = await runCode("ls projects; cat /proc/self/mountinfo");
    expect(out.stdout).toContain("example.py");
    expect(out.stdout).not.toContain("lost+found");
    expect(out.stdout).not.toContain(dataDir);
    expect(out.stdout).not.toContain(process.cwd());
    expect(mountsUnder(dataDir)).toHaveLength(1);
  });

  it("a shell loop writing past the quota fails with a clear message; usage stays within the bound", async () => {
    const before = await used();
    const out = await runCode(
      "for i in $(seq 1 40); do head -c 1048576 /dev/zero > fill$i.bin || { echo stopped at $i; exit 1; }; done",
    );
    expect(out.exitCode).not.toBe(0);
    expect(out.stdout + out.stderr).toMatch(/No space left on device/);
    expect(out.stdout).toMatch(/stopped at \d+/);
    const after = await used();
    expect(after).toBeGreaterThan(before);
    expect(after).toBeLessThanOrEqual(QUOTA_MB * MB + OVERSHOOT_BOUND);
    // The run's output (live frames and the execution log) says so in words.
    const logs = (await api("GET", "/api/logs?limit=5")).json() as { type: string; result: string }[];
    expect(logs.find((l) => l.type === "code_execution")?.result).toMatch(
      new RegExp(`Your workspace is full \\(its ${QUOTA_MB} MB quota\\)`),
    );
  });

  it("the terminal meets the same limit", async () => {
    const term = await Term.open(`${origin.replace("http", "ws")}${TERMINAL_WS_PATH}`, {
      cookie: who.cookie,
      origin,
    });
    await term.frame("ready");
    await term.run("head -c 5242880 /dev/zero > from-terminal.bin", "No space left on device");
    term.socket.close();
    expect(await used()).toBeLessThanOrEqual(QUOTA_MB * MB + OVERSHOOT_BOUND);
    // Deleting makes room again.
    await runCode("rm -f fill*.bin from-terminal.bin");
    expect((await runCode("head -c 1048576 /dev/zero > again.bin && echo ok")).stdout).toContain("ok");
  });

  it("a server killed with its volumes mounted: the next one reuses them", async () => {
    const dir = fs.realpathSync(path.join(dataDir, "workspaces"));
    const mounted = mountsUnder(dir);
    const volumes = new WorkspaceVolumes(path.join(dataDir, "volumes"));
    const [userDir] = fs.readdirSync(dir).map((d) => path.join(dir, d));
    await volumes.ensure(userDir as string, QUOTA_MB * MB);
    expect(mountsUnder(dir)).toEqual(mounted); // not mounted twice
    expect(fs.existsSync(path.join(userDir as string, "again.bin"))).toBe(true);
  });

  it("a bigger quota (a new plan) grows the volume; what is stored still counts", async () => {
    const other = await signedInUser(t.app);
    const run = (code: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/sandbox/run",
        payload: { language: "bash", code },
        headers: { cookie: other.cookie },
      });
    await run("head -c 5242880 /dev/zero > five.bin");
    const dir = fs.realpathSync(path.join(dataDir, "workspaces", other.user.id));
    const room = () => {
      const stats = fs.statfsSync(dir);
      return stats.bavail * stats.bsize;
    };
    expect(room()).toBeLessThan(15.5 * MB);
    await new WorkspaceVolumes(path.join(dataDir, "volumes")).ensure(dir, 40 * MB);
    expect(room()).toBeGreaterThan(34 * MB);
    expect(room()).toBeLessThan(35.5 * MB);
    expect(fs.statSync(path.join(dir, "five.bin")).size).toBe(5 * MB);
    execFileSync("sync");
  });
});

describe("workspace volumes: sizing", () => {
  it("an image leaves room for ext4's own tables", async () => {
    const { imageBytesFor } = await import("./volumes");
    expect(imageBytesFor(100 * MB)).toBeGreaterThan(105 * MB);
    expect(imageBytesFor(100 * MB)).toBeLessThan(110 * MB);
    expect(os.platform()).toBe("linux");
  });
});

describe("workspace volumes: which nodes make them", () => {
  it("`auto`: only a node alone on its data (PGlite), where the machine can mount; `off`: never", async () => {
    const imagesDir = path.join(os.tmpdir(), "neuroos-no-images");
    // On PostgreSQL several nodes may share DATA_DIR: an image mounted by two would be corrupted.
    expect(await WorkspaceVolumes.forNode("auto", "postgres", imagesDir)).toBeNull();
    expect(await WorkspaceVolumes.forNode("off", "pglite", imagesDir)).toBeNull();
    const alone = await WorkspaceVolumes.forNode("auto", "pglite", imagesDir);
    expect(alone !== null).toBe(await WorkspaceVolumes.available());
    expect(fs.existsSync(imagesDir)).toBe(false); // nothing made before a workspace needs it
    // One node on PostgreSQL whose workspaces are volumes already keeps them (its files are there).
    const upgraded = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-images-"));
    fs.writeFileSync(path.join(upgraded, "someone.ext4"), "");
    const kept = await WorkspaceVolumes.forNode("auto", "postgres", upgraded);
    expect(kept !== null).toBe(await WorkspaceVolumes.available());
    fs.rmSync(upgraded, { recursive: true, force: true });
  });
});
