import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { McpServerDetail } from "@neuroos/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { liveTerminals } from "../db/schema";
import { bytesOnDisk } from "../test/bytes-on-disk";
import { describeEachDatabase } from "../test/databases";
import { sandboxReady } from "../test/sandbox-ready";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { bundleEverything } from "./testing/everything";
import { type SandboxedMcpConnections, sandboxedMcpConnections } from "./testing/sandboxed-connections";

type Who = { cookie: string; user: { id: string } };
const SECRET_KEY = "mcp-client-stdio-test-secret-key-0123456789";
const CANARY = "host-secret-canary-4b1d";

describeEachDatabase(
  "MCP client: local (stdio) servers run in the sandbox",
  (db) => {
    let t: TestApp;
    let alice: Who;
    let dataDir: string;
    let mcp: SandboxedMcpConnections;

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-mcp-stdio-"));
      process.env.NEUROOS_TEST_CANARY = CANARY;
      t = await buildTestApp(db(), { DATA_DIR: dataDir, SECRET_KEY, MCP_LOCAL_IDLE_MS: "10000" });
      alice = await signedInUser(t.app);
      // The reference server, bundled into one file in Alice's workspace (no network inside).
      const workspace = path.join(dataDir, "workspaces", alice.user.id, "mcp");
      fs.mkdirSync(workspace, { recursive: true });
      await bundleEverything(path.join(workspace, "everything.mjs"));
      // A manager as app.ts builds it, over the same database, secret and workspaces.
      mcp = sandboxedMcpConnections({ db: db().db, dataDir, secretKey: SECRET_KEY, idleMs: 1000 });
    }, 60_000);
    afterAll(async () => {
      delete process.env.NEUROOS_TEST_CANARY;
      await mcp?.close();
      await t?.app.close();
    });

    const api = (method: string, url: string, payload?: unknown) =>
      t.app.inject({
        method: method as "GET",
        url,
        payload: payload as object,
        headers: { cookie: alice.cookie },
      });
    const settled = async (id: string, cookie = alice.cookie): Promise<McpServerDetail> => {
      for (let i = 0; i < 20; i += 1) {
        const url = `/api/mcp/servers/${id}`;
        const detail = (
          await t.app.inject({ method: "GET", url, headers: { cookie } })
        ).json() as McpServerDetail;
        if (detail.status.state !== "connecting") return detail;
      }
      throw new Error("still connecting");
    };
    const text = (output: unknown) =>
      (output as { content: { text?: string }[] }).content.map((c) => c.text ?? "").join("\n");

    it("started by command inside the sandbox: ready with its tools; calls work; no host environment inside", async () => {
      const made = await api("POST", "/api/mcp/servers", {
        transport: "stdio",
        name: "local",
        command: "node",
        args: ["mcp/everything.mjs"],
      });
      expect(made.statusCode, made.body).toBe(201);
      const detail = await settled(made.json().id);
      if (detail.status.state !== "ready") throw new Error(JSON.stringify(detail.status));
      expect(detail.status.via).toBe("stdio");
      expect(detail.status.tools.map((x) => x.name)).toEqual(expect.arrayContaining(["echo", "get-env"]));

      const echo = await mcp.connections.callTool(alice.user.id, "local", "echo", {
        message: "from the sandbox",
      });
      expect(echo.ok).toBe(true);
      expect(text(echo.output)).toContain("from the sandbox");
      const env = await mcp.connections.callTool(alice.user.id, "local", "get-env", {});
      const inside = JSON.parse(text(env.output)) as Record<string, string>;
      expect(inside.HOME).toBe("/home/user");
      expect(JSON.stringify(inside)).not.toContain(CANARY);
      expect(JSON.stringify(inside)).not.toContain(dataDir);

      // Unused for a while, the local server is stopped; the next call starts it again.
      expect(mcp.connections.openCount).toBe(1);
      for (let i = 0; i < 30 && mcp.connections.openCount > 0; i += 1)
        await new Promise((r) => setTimeout(r, 200));
      expect(mcp.connections.openCount).toBe(0);
      expect((await mcp.connections.callTool(alice.user.id, "local", "echo", { message: "again" })).ok).toBe(
        true,
      );
    }, 60_000);

    it("a person runs at most MCP_LOCAL_SERVERS_PER_USER local servers at once, on all nodes together; an idle one stops and frees its place", async () => {
      // Three nodes on one database: the app (3 at most, the default) and two more (2 at most).
      const nodes = ["node-a", "node-b"].map((nodeId) =>
        sandboxedMcpConnections({
          db: db().db,
          dataDir,
          secretKey: SECRET_KEY,
          idleMs: 60_000,
          perUser: 2,
          nodeId,
        }),
      );
      const [a, b] = nodes as [SandboxedMcpConnections, SandboxedMcpConnections];
      // A person of their own (Alice's servers of the other tests run too).
      const carol = await signedInUser(t.app);
      const workspace = path.join(dataDir, "workspaces", carol.user.id, "mcp");
      fs.mkdirSync(workspace, { recursive: true });
      await bundleEverything(path.join(workspace, "everything.mjs"));
      const running = async () =>
        (
          await db()
            .db.select()
            .from(liveTerminals)
            .where(and(eq(liveTerminals.kind, "mcp"), eq(liveTerminals.userId, carol.user.id)))
        ).length;
      const echo = (on: SandboxedMcpConnections, server: string) =>
        on.connections.callTool(carol.user.id, server, "echo", { message: "hi" });
      const refusal = (server: string, n: number) =>
        `The MCP server "${server}" is unavailable: You already run ${n} local MCP servers, the most one person may run at once. One stops by itself after 1 min unused; or turn one off.`;
      try {
        for (const name of ["first", "second", "third"]) {
          const payload = { transport: "stdio", name, command: "node", args: ["mcp/everything.mjs"] };
          const headers = { cookie: carol.cookie };
          const made = await t.app.inject({ method: "POST", url: "/api/mcp/servers", headers, payload });
          const { status } = await settled(made.json().id, carol.cookie); // started by the app's node
          expect(status.state, JSON.stringify(status)).toBe("ready");
        }
        expect(await running()).toBe(3);
        const refused = await echo(a, "first");
        expect(refused.ok).toBe(false);
        expect((refused.output as { error: string }).error).toBe(refusal("first", 3));
        // Unused, the app's servers stop by themselves (MCP_LOCAL_IDLE_MS): their places are free.
        for (let i = 0; i < 150 && (await running()) > 0; i += 1)
          await new Promise((r) => setTimeout(r, 200));
        expect(await running()).toBe(0);
        await new Promise((r) => setTimeout(r, 300)); // the refusal's back-off
        const first = await echo(a, "first");
        expect(first.ok, JSON.stringify(first.output)).toBe(true);
        expect((await echo(b, "second")).ok).toBe(true);
        // Two run on nodes a and b: a third is refused (unless one of them ended meanwhile).
        const third = await echo(b, "third");
        if (!third.ok) expect((third.output as { error: string }).error).toBe(refusal("third", 2));
        expect(await running()).toBeLessThanOrEqual(2);
      } finally {
        await Promise.all(nodes.map((n) => n.close()));
      }
    }, 120_000);

    it("a command that fails to start: failed, with what it said", async () => {
      const made = await api("POST", "/api/mcp/servers", {
        transport: "stdio",
        name: "broken",
        command: "node",
        args: ["mcp/missing.mjs"],
      });
      const detail = await settled(made.json().id);
      expect(detail.status.state).toBe("failed");
      expect((detail.status as { reason: string }).reason).toMatch(/Cannot find module|closed/i);
      const call = await mcp.connections.callTool(alice.user.id, "broken", "echo", { message: "x" });
      expect(call.ok).toBe(false);
      expect((call.output as { error: string }).error).toMatch(/^The MCP server "broken" is unavailable: /);
    }, 60_000);

    it("what a local server writes counts against the quota: past it, taken back while the server runs", async () => {
      const dave = await signedInUser(t.app);
      const home = path.join(dataDir, "workspaces", dave.user.id);
      fs.mkdirSync(path.join(home, "mcp"), { recursive: true });
      await bundleEverything(path.join(home, "mcp", "everything.mjs"));
      // 12 x 9.5 MB into the plan's 100 MB, then the server starts.
      const fill = "for i in $(seq 1 12); do head -c 9961472 /dev/zero > big$i.bin; done";
      const made = await t.app.inject({
        method: "POST",
        url: "/api/mcp/servers",
        headers: { cookie: dave.cookie },
        payload: {
          transport: "stdio",
          name: "filler",
          command: "bash",
          args: ["-c", `${fill}; exec node mcp/everything.mjs`],
        },
      });
      expect(made.statusCode, made.body).toBe(201);
      expect((await settled(made.json().id, dave.cookie)).status.state).toBe("ready");
      const onDisk = () => bytesOnDisk(home);
      await vi.waitFor(() => expect(onDisk()).toBeLessThanOrEqual(100 * 1024 * 1024), { timeout: 10_000 });
      expect(fs.existsSync(path.join(home, "big1.bin"))).toBe(true);
      expect(fs.existsSync(path.join(home, "big12.bin"))).toBe(false);
    }, 60_000);

    it("a local server that keeps the workspace past what a trim can mend is stopped, also without cgroups", async () => {
      // A node whose sandbox has no cgroups (a container that does not delegate them): the
      // server's process is ended by closing its connection, not by removing its cgroup.
      const bare = sandboxedMcpConnections({ db: db().db, dataDir, secretKey: SECRET_KEY, cgroups: false });
      const erin = await signedInUser(t.app);
      const home = path.join(dataDir, "workspaces", erin.user.id);
      fs.mkdirSync(path.join(home, "mcp"), { recursive: true });
      await bundleEverything(path.join(home, "mcp", "everything.mjs"));
      const saved = await t.app.inject({
        method: "PUT",
        url: "/api/files/content",
        headers: { cookie: erin.cookie },
        payload: { path: "/home/user/notes.md", content: "# notes" },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      // Past the 100 MB quota with a file written before the server starts, beside the files API
      // (another node's run, say): not the server's to take back, so no trim can mend it.
      fs.writeFileSync(path.join(home, "elsewhere.bin"), "");
      fs.truncateSync(path.join(home, "elsewhere.bin"), 101 * 1024 * 1024);
      await new Promise((r) => setTimeout(r, 100));
      const marker = `crowded-${Date.now()}`;
      const made = await t.app.inject({
        method: "POST",
        url: "/api/mcp/servers",
        headers: { cookie: erin.cookie },
        payload: {
          transport: "stdio",
          name: "crowded",
          command: "node",
          args: ["mcp/everything.mjs", "stdio", marker],
        },
      });
      expect(made.statusCode, made.body).toBe(201);
      const running = () => spawnSync("pgrep", ["-f", marker]).status === 0;
      try {
        const echo = () => bare.connections.callTool(erin.user.id, "crowded", "echo", { message: "hi" });
        // It starts (its process is seen); the watch's first measure, a second later, stops it
        // (on a slow machine that may be before its first call has answered).
        const first = echo();
        await vi.waitFor(() => expect(running()).toBe(true), { timeout: 20_000, interval: 25 });
        await first;
        await vi.waitFor(() => expect(running()).toBe(false), { timeout: 20_000, interval: 200 });
        // Once its connection has closed, the server is unavailable and says why.
        await vi.waitFor(
          async () => {
            const after = await echo();
            expect(after.ok).toBe(false);
            expect((after.output as { error: string }).error).toMatch(
              /Your workspace is full \(its 100 MB quota\)/,
            );
          },
          { timeout: 10_000, interval: 200 },
        );
        expect(fs.existsSync(path.join(home, "elsewhere.bin"))).toBe(true);
      } finally {
        spawnSync("pkill", ["-f", marker]);
        await bare.close();
      }
    }, 60_000);
  },
  { skip: !sandboxReady },
);
