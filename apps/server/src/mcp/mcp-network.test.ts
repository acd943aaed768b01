import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { McpServerDetail } from "@neuroos/contracts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { sandboxReady } from "../test/sandbox-ready";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { type SandboxedMcpConnections, sandboxedMcpConnections } from "./testing/sandboxed-connections";

type Who = { cookie: string; user: { id: string } };
const SECRET_KEY = "mcp-network-test-secret-key-0123456789";
const probe = fs.readFileSync(new URL("./testing/net-probe-server.mjs", import.meta.url));

describeEachDatabase(
  "Local MCP servers and the network: none in the sandbox unless the admin allows it",
  (db) => {
    let t: TestApp;
    let admin: Who;
    let bob: Who;
    let dataDir: string;
    let mcp: SandboxedMcpConnections;
    let listener: net.Server;
    let port: number;
    const heard: string[] = [];

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-mcp-network-"));
      // The app's own manager starts the servers too (their status): both count against the per-person
      // limit of local servers, which this test is not about.
      t = await buildTestApp(db(), { DATA_DIR: dataDir, SECRET_KEY, MCP_LOCAL_SERVERS_PER_USER: "20" });
      admin = await signedInUser(t.app); // the first account is the admin
      bob = await signedInUser(t.app);
      // The probe server in each person's workspace, and a marker in Bob's.
      for (const who of [admin, bob]) {
        const workspace = path.join(dataDir, "workspaces", who.user.id);
        fs.mkdirSync(workspace, { recursive: true });
        fs.writeFileSync(path.join(workspace, "probe.mjs"), probe);
      }
      fs.writeFileSync(path.join(dataDir, "workspaces", bob.user.id, "bobs-notes.txt"), "mine");
      // A TCP listener on the host's loopback: reachable only from a sandbox sharing the network.
      listener = net.createServer((socket) => socket.on("data", (d) => heard.push(String(d).trim())));
      await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
      port = (listener.address() as net.AddressInfo).port;
      mcp = sandboxedMcpConnections({ db: db().db, dataDir, secretKey: SECRET_KEY, perUser: 20 });
    }, 60_000);
    afterAll(async () => {
      await mcp?.close();
      await t?.app.close();
      listener?.close();
    });

    const api = (method: string, url: string, who: Who, payload?: unknown) =>
      t.app.inject({
        method: method as "GET",
        url,
        payload: payload as object,
        headers: { cookie: who.cookie },
      });
    const text = (output: unknown) =>
      (output as { content: { text?: string }[] }).content?.map((c) => c.text ?? "").join("\n") ??
      JSON.stringify(output); // an error says why
    const add = async (body: Record<string, unknown>) => {
      const res = await api("POST", "/api/mcp/servers", admin, {
        transport: "stdio",
        command: "node",
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as McpServerDetail;
    };
    const connectFrom = async (who: Who, server: string) =>
      text((await mcp.connections.callTool(who.user.id, server, "connect", { port })).output);

    it("without the admin's permission the server's sandbox has no network; with it, it connects", async () => {
      const closed = await add({ name: "closed", args: ["probe.mjs"] });
      const open = await add({ name: "open", args: ["probe.mjs"], allowNetwork: true });
      expect(closed.allowNetwork).toBe(false);
      expect(open.allowNetwork).toBe(true);

      expect(await connectFrom(admin, "closed")).toMatch(/^failed: (ECONNREFUSED|ENETUNREACH|EACCES)/);
      expect(heard).toEqual([]);
      expect(await connectFrom(admin, "open")).toBe("connected");
      for (let i = 0; i < 20 && heard.length === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
      expect(heard).toEqual(["hello from the sandbox"]);

      // Withdrawn, the next connection has none again.
      const changed = await api("PATCH", `/api/mcp/servers/${open.id}`, admin, { allowNetwork: false });
      expect(changed.json().allowNetwork).toBe(false);
      expect(await connectFrom(admin, "open")).toMatch(/^failed: /);
      expect(heard).toHaveLength(1);
    }, 60_000);

    it("a shared local server runs for each user in their own workspace, with the network the admin gave it", async () => {
      await add({ name: "shared-probe", args: ["probe.mjs"], shared: true, allowNetwork: true });
      const home = text((await mcp.connections.callTool(bob.user.id, "shared-probe", "home", {})).output);
      expect(home.split("\n")).toEqual(expect.arrayContaining(["bobs-notes.txt", "probe.mjs"]));
      const adminsHome = text(
        (await mcp.connections.callTool(admin.user.id, "shared-probe", "home", {})).output,
      );
      expect(adminsHome).not.toContain("bobs-notes.txt");
      expect(await connectFrom(bob, "shared-probe")).toBe("connected");
    }, 60_000);
  },
  { skip: !sandboxReady },
);
