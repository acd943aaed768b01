import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { McpServerDetail } from "@neuroos/contracts";
import type { Database } from "../../db/client";
import { providerEnv } from "../../llm/testing/helpers";
import { ProviderTestServer } from "../../llm/testing/provider-server";
import { LiveClient, listen } from "../../test/live-client";
import { buildTestApp, signedInUser, type TestApp } from "../../test/test-app";
import { bundleEverything, type EverythingServer, startEverything } from "./everything";
import { type RecordingProxy, type SentMessage, startRecordingProxy } from "./recording-proxy";

export type Frame = Record<string, unknown>;
export interface StoredMessage {
  role: string;
  content: string;
  metadata: Record<string, unknown>;
}
/** The two servers a suite registers: the reference server, and one the suite kills. */
export type ServerName = "everything" | "doomed";

/** How a suite reaches the reference server: over HTTP, or as a local (stdio) server in the sandbox. */
export interface EverythingHarness {
  kind: "http" | "stdio";
  /** host:port the app must allow (remote servers). */
  allowlist: string[];
  /** Puts what the server needs in the person's workspace (a local server's files). */
  prepare(workspace: string): Promise<void>;
  /** The body of POST /api/mcp/servers registering it as `name`. */
  body(name: ServerName): Record<string, unknown>;
  /** What the client sent the server `name`, message by message. */
  sent(name: ServerName): SentMessage[];
  /** Kills the server's process. */
  kill(name: ServerName): Promise<void>;
  close(): Promise<void>;
}

/** The reference servers over Streamable HTTP: `everything` behind a recording proxy. */
export async function httpHarness(): Promise<EverythingHarness> {
  const [main, doomed] = await Promise.all([
    startEverything("streamableHttp"),
    startEverything("streamableHttp"),
  ]);
  const proxy: RecordingProxy = await startRecordingProxy(main.origin);
  const servers: Record<ServerName, { url: string; process: EverythingServer }> = {
    everything: { url: `${proxy.origin}/mcp`, process: main },
    doomed: { url: `${doomed.origin}/mcp`, process: doomed },
  };
  return {
    kind: "http",
    allowlist: [`127.0.0.1:${proxy.port}`, `127.0.0.1:${doomed.port}`],
    prepare: async () => {},
    body: (name) => ({ transport: "http", name, url: servers[name].url }),
    sent: (name) => (name === "everything" ? proxy.sent : []),
    kill: (name) => servers[name].process.kill(),
    close: async () => {
      await proxy.close();
      await Promise.all([main.kill(), doomed.kill()]);
    },
  };
}

/** The reference server as a local (stdio) server in the sandbox, through recording-wrapper.mjs. */
export function stdioHarness(): EverythingHarness {
  let dir = "";
  return {
    kind: "stdio",
    allowlist: [],
    async prepare(workspace) {
      dir = path.join(workspace, "mcp");
      fs.mkdirSync(dir, { recursive: true });
      await bundleEverything(path.join(dir, "everything.mjs"));
      fs.copyFileSync(path.join(import.meta.dirname, "recording-wrapper.mjs"), path.join(dir, "wrapper.mjs"));
    },
    body: (name) => ({ transport: "stdio", name, command: "node", args: ["mcp/wrapper.mjs", name] }),
    sent(name) {
      const file = path.join(dir, `${name}.sent.log`);
      if (!fs.existsSync(file)) return [];
      const lines = fs.readFileSync(file, "utf8").split("\n").filter(Boolean);
      return lines.flatMap((line) => {
        try {
          return [JSON.parse(line) as SentMessage];
        } catch {
          return [];
        }
      });
    },
    kill: async (name) => fs.writeFileSync(path.join(dir, `${name}.kill`), ""),
    close: async () => {},
  };
}

/**
 * The real app (provider test server as the model, MCP_CALL_TIMEOUT_MS short), a person signed
 * in with a live socket, and the reference server registered as their `everything` and `doomed`.
 */
export class McpTurnFixture {
  private constructor(
    readonly provider: ProviderTestServer,
    readonly t: TestApp,
    readonly live: LiveClient,
    readonly who: { cookie: string; user: { id: string } },
    readonly harness: EverythingHarness,
    private readonly dataDir: string,
  ) {}

  static readonly CALL_TIMEOUT_MS = 3000;

  static async start(database: Database, harness: EverythingHarness): Promise<McpTurnFixture> {
    const provider = await ProviderTestServer.start();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-mcp-turn-"));
    const env = providerEnv(provider, {
      DATA_DIR: dataDir,
      LLM_TIMEOUT_MS: "5000",
      MCP_CALL_TIMEOUT_MS: String(McpTurnFixture.CALL_TIMEOUT_MS),
    });
    env.LLM_ENDPOINT_ALLOWLIST = [env.LLM_ENDPOINT_ALLOWLIST, ...harness.allowlist].join(",");
    const t = await buildTestApp(database, env);
    const { wsUrl, origin } = await listen(t.app);
    const who = await signedInUser(t.app);
    await harness.prepare(path.join(dataDir, "workspaces", who.user.id));
    const live = await LiveClient.connect(wsUrl, { cookie: who.cookie, origin });
    const fixture = new McpTurnFixture(provider, t, live, who, harness, dataDir);
    await fixture.api("PUT", "/api/settings", { defaultProvider: "openai", safeMode: false });
    for (const name of ["everything", "doomed"] as const) await fixture.addServer(name);
    return fixture;
  }

  api(method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: object) {
    return this.t.app.inject({ method, url, payload, headers: { cookie: this.who.cookie } });
  }

  /** The server's detail once it is no longer connecting. */
  async server(name: ServerName): Promise<McpServerDetail> {
    const list = (await this.api("GET", "/api/mcp/servers")).json() as McpServerDetail[];
    const id = list.find((s) => s.name === name)?.id;
    for (let i = 0; i < 20; i += 1) {
      const detail = (await this.api("GET", `/api/mcp/servers/${id}`)).json() as McpServerDetail;
      if (detail.status.state !== "connecting") return detail;
    }
    throw new Error(`${name} is still connecting`);
  }

  private async addServer(name: ServerName): Promise<void> {
    const made = await this.api("POST", "/api/mcp/servers", this.harness.body(name));
    if (made.statusCode !== 201) throw new Error(made.body);
    const { status } = await this.server(name);
    if (status.state !== "ready") throw new Error(`${name}: ${JSON.stringify(status)}`);
  }

  /** A new agent with these tools (and model) in a new session: the session's id. */
  async agentSession(
    tools: string[],
    options: { safeMode?: boolean; provider?: string; model?: string } = {},
  ): Promise<string> {
    const agent = await this.api("POST", "/api/agents", {
      name: `MCP agent ${Date.now()}`,
      tools,
      safeMode: options.safeMode ?? false,
      provider: options.provider ?? null,
      model: options.model ?? null,
    });
    if (agent.statusCode !== 201) throw new Error(agent.body);
    return (await this.api("POST", "/api/sessions", { agentId: agent.json().id })).json().id as string;
  }

  /**
   * Sends a message in the session (the frames seen so far are forgotten first); resolves with
   * the agent_status that ends the turn, once `during` (what the test does meanwhile) is done.
   */
  async turn(sessionId: string, content: string, during?: () => Promise<void>): Promise<Frame> {
    this.live.frames.length = 0;
    this.live.send({ type: "chat_message", sessionId, content });
    await during?.();
    return this.live.next(
      (f) => f.type === "agent_status" && f.sessionId === sessionId && f.state !== "running",
      30_000,
    );
  }

  async messages(sessionId: string): Promise<StoredMessage[]> {
    return (await this.api("GET", `/api/sessions/${sessionId}/messages`)).json();
  }

  /** The person's execution log entries of MCP tool calls, newest first. */
  async mcpLog(): Promise<{ command: string; status: string; result: string; metadata: Frame }[]> {
    const logs = (await this.api("GET", "/api/logs?limit=200")).json() as {
      type: string;
      command: string;
      status: string;
      result: string;
      metadata: Frame;
    }[];
    return logs.filter((l) => l.type === "network_request" && l.metadata.via === "mcp-client");
  }

  async close(): Promise<void> {
    this.live?.socket.close();
    await this.t?.app.close();
    await this.provider?.close();
    await this.harness.close();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
