import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { TERMINAL_WS_PATH } from "@neuroos/contracts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { bytesOnDisk } from "../test/bytes-on-disk";
import { describeEachDatabase } from "../test/databases";
import { sandboxReady } from "../test/sandbox-ready";
import { Term } from "../test/terminal-client";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";

const MB = 1024 * 1024;
const FULL =
  /Your workspace is full \(its 100 MB quota\): delete files and empty the trash in Files to make room, then/;
/** Twelve files of 9.5 MB: 114 MB, into a workspace of 100 MB. */
const TWELVE = "for i in $(seq 1 12); do head -c 9961472 /dev/zero > big$i.bin; done";

/** Plain folders (no volume), as every node on PostgreSQL has them: the quota still holds for code. */
describeEachDatabase(
  "workspace quota for code on plain folders",
  (db) => {
    let t: TestApp;
    let dataDir: string;
    let cookie: string;
    let origin: string;
    let root: string;
    const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie } });
    const used = async () => (await api("GET", "/api/files/stats")).json().totalSize as number;
    const lastLog = async () =>
      ((await api("GET", "/api/logs?limit=5")).json() as { type: string; result: string }[]).find(
        (l) => l.type === "code_execution",
      )?.result;

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-code-quota-"));
      t = await buildTestApp(db(), {
        DATA_DIR: dataDir,
        WORKSPACE_VOLUMES: "off",
        WORKSPACE_QUOTA_MB_FREE: "100",
        WORKSPACE_FILE_MB_FREE: "10",
      });
      const who = await signedInUser(t.app);
      cookie = who.cookie;
      root = path.join(dataDir, "workspaces", who.user.id);
      origin = await t.app.listen({ port: 0, host: "127.0.0.1" });
    });
    afterAll(async () => {
      await t.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("a run writing 12 x 9.5 MB into 100 MB leaves the workspace within it, and says so", async () => {
      const res = await api("POST", "/api/sandbox/run", { language: "bash", code: TWELVE });
      expect(res.statusCode).toBe(200);
      expect(await used()).toBeLessThanOrEqual(100 * MB);
      expect(await used()).toBeGreaterThan(90 * MB); // what fitted was kept
      expect(fs.existsSync(path.join(root, "big1.bin"))).toBe(true);
      expect(fs.existsSync(path.join(root, "big12.bin"))).toBe(false);
      const log = await lastLog();
      expect(log).toMatch(FULL);
      expect(log).toMatch(/Not kept, written past the quota: .*big12\.bin/);
    });

    it("a run that keeps writing is stopped once it passes the quota, not when its time is up", async () => {
      const endless =
        "i=0; while true; do i=$((i+1)); head -c 5242880 /dev/zero > fill$i.bin; sleep 0.05; done";
      const res = await api("POST", "/api/sandbox/run", { language: "bash", code: endless });
      expect(res.statusCode).toBe(200);
      expect(res.json().limit).toBe("workspace_full");
      const log = await lastLog();
      expect(log).toMatch(/\[Stopped: the workspace passed its quota\]/);
      expect(log).toMatch(FULL);
      expect(await used()).toBeLessThanOrEqual(100 * MB);
      await api("POST", "/api/sandbox/run", { language: "bash", code: "rm -f fill*.bin" });
    });

    it("while the workspace is over its quota, runs, writes and terminals are refused in words", async () => {
      fs.writeFileSync(path.join(root, "behind.bin"), Buffer.alloc(12 * MB)); // not counted yet
      expect(await used()).toBeGreaterThan(100 * MB); // the walk counts it
      const run = await api("POST", "/api/sandbox/run", { language: "bash", code: "echo hi" });
      expect(run.statusCode).toBe(413);
      expect(run.json().error.message).toMatch(/then run again\.$/);
      expect(run.json().error.message).toMatch(FULL);
      const write = await api("PUT", "/api/files/content", { path: "/home/user/a.txt", content: "a" });
      expect(write.statusCode).toBe(413);
      expect(write.json().error.message).toMatch(FULL);
      expect(fs.existsSync(path.join(root, "a.txt"))).toBe(false);
      const term = await Term.open(`${origin.replace("http", "ws")}${TERMINAL_WS_PATH}`, { cookie, origin });
      expect((await term.frame("error")).message).toMatch(FULL);
      await term.closed;
      // Deleting, then emptying the trash, makes room again.
      expect((await api("DELETE", "/api/files?path=/home/user/behind.bin")).statusCode).toBe(204);
      expect((await api("DELETE", "/api/trash")).statusCode).toBe(200); // deleted files count until it is emptied
      expect((await api("POST", "/api/sandbox/run", { language: "bash", code: "echo hi" })).statusCode).toBe(
        200,
      );
    });

    it("a terminal writing past the quota: once it ends, the workspace is within it again", async () => {
      await api("POST", "/api/sandbox/run", { language: "bash", code: "rm -f big*.bin" });
      const term = await Term.open(`${origin.replace("http", "ws")}${TERMINAL_WS_PATH}`, { cookie, origin });
      await term.frame("ready");
      await term.run(TWELVE);
      term.socket.send(Buffer.from("exit\n"), { binary: true });
      await term.closed;
      await expect.poll(used, { timeout: 15_000 }).toBeLessThanOrEqual(100 * MB);
      expect(fs.existsSync(path.join(root, "big1.bin"))).toBe(true);
    });

    it("a terminal writing past the quota is brought back within it while it is still open", async () => {
      await api("POST", "/api/sandbox/run", { language: "bash", code: "rm -f big*.bin" });
      const onDisk = () => bytesOnDisk(root);
      const term = await Term.open(`${origin.replace("http", "ws")}${TERMINAL_WS_PATH}`, { cookie, origin });
      await term.frame("ready");
      await term.run(TWELVE);
      await expect.poll(onDisk, { timeout: 10_000 }).toBeLessThanOrEqual(100 * MB);
      expect(fs.existsSync(path.join(root, "big1.bin"))).toBe(true);
      // The person is told in the terminal what was taken back.
      await expect
        .poll(() => term.text(), { timeout: 5_000 })
        .toMatch(
          /\[NeuroOS\] The workspace passed its 100 MB quota\. Not kept, written past the quota: \/home\/user\/big\d+\.bin/,
        );
      term.socket.send(Buffer.from("exit\n"), { binary: true });
      await term.closed;
    });

    it("a file the person saves through the files API while a terminal is open is theirs: never trimmed", async () => {
      await api("POST", "/api/sandbox/run", { language: "bash", code: "rm -f big*.bin" });
      const term = await Term.open(`${origin.replace("http", "ws")}${TERMINAL_WS_PATH}`, { cookie, origin });
      await term.frame("ready");
      await term.run(TWELVE);
      // The figure does not know yet what the terminal wrote: the save is accepted, and is the newest file.
      const saved = await api("PUT", "/api/files/content", {
        path: "/home/user/notes.txt",
        content: "x".repeat(500_000),
      });
      expect(saved.statusCode).toBe(200);
      term.socket.send(Buffer.from("exit\n"), { binary: true });
      await term.closed;
      await expect.poll(used, { timeout: 15_000 }).toBeLessThanOrEqual(100 * MB);
      expect(fs.readFileSync(path.join(root, "notes.txt"), "utf8")).toHaveLength(500_000);
      expect(fs.existsSync(path.join(root, "big12.bin"))).toBe(false);
    });
  },
  { skip: !sandboxReady },
);
