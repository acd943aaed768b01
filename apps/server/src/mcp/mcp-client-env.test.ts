import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MCP_ENV_MASK, type McpServerDetail } from "@neuroos/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { mcpServers } from "../db/schema";
import { describeEachDatabase } from "../test/databases";
import { sandboxReady } from "../test/sandbox-ready";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { bundleEverything } from "./testing/everything";
import { type SandboxedMcpConnections, sandboxedMcpConnections } from "./testing/sandboxed-connections";

const SECRET_KEY = "mcp-client-env-test-secret-key-0123456789";
const API_KEY = "sk-env-secret-value-4f1e9c";

describeEachDatabase(
  "MCP client: a local server's environment variables",
  (db) => {
    let t: TestApp;
    let alice: { cookie: string; user: { id: string } };
    let dataDir: string;
    let mcp: SandboxedMcpConnections;

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-mcp-env-"));
      // The app's manager and this one each start the servers they are asked about.
      t = await buildTestApp(db(), { DATA_DIR: dataDir, SECRET_KEY, MCP_LOCAL_SERVERS_PER_USER: "10" });
      alice = await signedInUser(t.app);
      const workspace = path.join(dataDir, "workspaces", alice.user.id, "mcp");
      fs.mkdirSync(workspace, { recursive: true });
      await bundleEverything(path.join(workspace, "everything.mjs"));
      mcp = sandboxedMcpConnections({ db: db().db, dataDir, secretKey: SECRET_KEY, perUser: 10 });
    }, 60_000);
    afterAll(async () => {
      await mcp?.close();
      await t?.app.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const api = (method: string, url: string, payload?: unknown) =>
      t.app.inject({
        method: method as "GET",
        url,
        payload: payload as object,
        headers: { cookie: alice.cookie },
      });
    /** The environment the server's process sees (the reference server's get-env tool). */
    const inside = async (name: string) => {
      const result = await mcp.connections.callTool(alice.user.id, name, "get-env", {});
      if (!result.ok) throw new Error(JSON.stringify(result.output));
      const [item] = (result.output as { content: { text: string }[] }).content;
      return JSON.parse(item?.text ?? "{}") as Record<string, string>;
    };

    it("reach the process in the sandbox; the API answers their names only, values masked; stored sealed", async () => {
      const made = await api("POST", "/api/mcp/servers", {
        transport: "stdio",
        name: "with-env",
        command: "node",
        args: ["mcp/everything.mjs"],
        env: { API_KEY, MODE: "fast" },
      });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().env).toEqual({ API_KEY: MCP_ENV_MASK, MODE: MCP_ENV_MASK });
      const id = made.json().id as string;
      const answers = [made.body, (await api("GET", "/api/mcp/servers")).body];
      answers.push((await api("GET", `/api/mcp/servers/${id}`)).body);
      for (const body of answers) expect(body).not.toContain(API_KEY);
      const [row] = await db().db.select().from(mcpServers).where(eq(mcpServers.id, id));
      expect(row?.envCiphertext).toBeTruthy();
      expect(row?.envCiphertext).not.toContain(API_KEY);

      const seen = await inside("with-env");
      expect(seen.API_KEY).toBe(API_KEY);
      expect(seen.MODE).toBe("fast");
      expect(seen.HOME).toBe("/home/user");
      // Not on any command line of the host (`ps` shows those to every user): bwrap read it from a file.
      const commandLines = fs
        .readdirSync("/proc")
        .filter((pid) => /^\d+$/.test(pid))
        .map((pid) => {
          try {
            return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
          } catch {
            return ""; // ended meanwhile
          }
        });
      expect(commandLines.some((line) => line.includes("node\0mcp/everything.mjs"))).toBe(true);
      expect(commandLines.filter((line) => line.includes(API_KEY))).toEqual([]);

      // Sent back masked, a value is kept; a new one is set; one left out is gone.
      const changed = await api("PATCH", `/api/mcp/servers/${id}`, {
        env: { API_KEY: MCP_ENV_MASK, REGION: "eu-west" },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((changed.json() as McpServerDetail).env).toEqual({
        API_KEY: MCP_ENV_MASK,
        REGION: MCP_ENV_MASK,
      });
      expect(changed.body).not.toContain(API_KEY);
      const after = await inside("with-env");
      expect(after).toMatchObject({ API_KEY, REGION: "eu-west" });
      expect(after.MODE).toBeUndefined();

      // null removes them all.
      const cleared = await api("PATCH", `/api/mcp/servers/${id}`, { env: null });
      expect(cleared.json().env).toEqual({});
      expect((await inside("with-env")).API_KEY).toBeUndefined();
    }, 60_000);

    it("bad variables are 400 in words and change nothing", async () => {
      const base = { transport: "stdio", name: "bad-env", command: "node", args: ["mcp/everything.mjs"] };
      const many = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`VAR_${i}`, "x"]));
      const cases: [Record<string, string>, RegExp][] = [
        [{ lower: "x" }, /A name is capital letters, digits and _ only \(lower\)/],
        [{ "1ABC": "x" }, /not starting with a digit \(1ABC\)/],
        [{ "A-B": "x" }, /capital letters, digits and _ only \(A-B\)/],
        [{ [`A${"B".repeat(100)}`]: "x" }, /A name is at most 100 characters/],
        [{ KEY: "v".repeat(4001) }, /A value is at most 4000 characters/],
        [many, /At most 30 variables/],
        [{ KEY: MCP_ENV_MASK }, /Enter each value/],
      ];
      for (const [env, words] of cases) {
        const res = await api("POST", "/api/mcp/servers", { ...base, env });
        expect(res.statusCode, JSON.stringify(env).slice(0, 80)).toBe(400);
        expect(res.body, res.body).toMatch(words);
      }
      const remote = await api("POST", "/api/mcp/servers", {
        transport: "http",
        name: "remote-env",
        url: "https://example.com/mcp",
        env: { KEY: "x" },
      });
      expect(remote.statusCode).toBe(400);
      const names = ((await api("GET", "/api/mcp/servers")).json() as McpServerDetail[]).map((s) => s.name);
      expect(names).not.toContain("bad-env");

      const made = await api("POST", "/api/mcp/servers", { ...base, env: { KEEP: "kept-value" } });
      const id = made.json().id as string;
      const unknown = await api("PATCH", `/api/mcp/servers/${id}`, { env: { OTHER: MCP_ENV_MASK } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toBe("The variable OTHER has no stored value to keep: enter it");
      const bad = await api("PATCH", `/api/mcp/servers/${id}`, { env: { "bad name": "x" } });
      expect(bad.statusCode).toBe(400);
      expect((await inside("bad-env")).KEEP).toBe("kept-value");

      // A shared local server runs in each person's workspace: it carries no secrets (the admin's here).
      const sharedWords = /A shared local server cannot carry environment variables/;
      const sharedNew = await api("POST", "/api/mcp/servers", {
        ...base,
        name: "shared-env",
        shared: true,
        env: { KEY: "x" },
      });
      expect(sharedNew.statusCode).toBe(400);
      expect(sharedNew.body).toMatch(sharedWords);
      const sharing = await api("PATCH", `/api/mcp/servers/${id}`, { shared: true });
      expect(sharing.statusCode).toBe(400);
      expect(sharing.body).toMatch(sharedWords);
      expect(
        ((await api("GET", "/api/mcp/servers")).json() as McpServerDetail[]).find((s) => s.id === id)?.shared,
      ).toBe(false);
      const withoutEnv = await api("PATCH", `/api/mcp/servers/${id}`, { shared: true, env: null });
      expect(withoutEnv.statusCode, withoutEnv.body).toBe(200);
      const addingEnv = await api("PATCH", `/api/mcp/servers/${id}`, { env: { KEY: "x" } });
      expect(addingEnv.statusCode).toBe(400);
    }, 60_000);
  },
  { skip: !sandboxReady },
);
