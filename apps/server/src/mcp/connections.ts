import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CallToolResultSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { MCP_INSTRUCTIONS_MAX, type McpServerStatus } from "@neuroos/contracts";
import type { ToolResult } from "../agent/tools/types";
import { checkEndpoint, guardedFetch } from "../platform/endpoint-guard";
import { Redactor } from "../redaction";
import { cappedFetch } from "./capped-fetch";
import { type CatalogKind, catalogOf, readCatalog, readList } from "./catalog";
import {
  type CallOptions,
  closeConnection,
  droppable,
  type Entry,
  entryKey,
  type McpConnectionOptions,
  McpUnavailableError,
} from "./connection-entry";
import { watchListChanges } from "./list-changes";
import { toToolResult } from "./results";
import type { McpServerConfig } from "./servers";
import { type Connected, connectHttp, connectStdio, FATAL, RESUME_ATTEMPT_FAILED } from "./transports";

export { type CallOptions, type McpConnectionOptions, McpUnavailableError } from "./connection-entry";

export const MAX_RESULT_BYTES = 1024 * 1024;
/** The SDK's words for a progress notification or answer that came after its call ended. */
const LATE = /^Received a (progress notification|response) for an unknown/;

/** A stream's end the SDK reports whether or not the connection is gone. */
const UNANSWERED_STREAM = /Maximum reconnection attempts/;
const PING_MS = 5000;
/** How long a status waits for lists being read again after the server said they changed. */
const LIST_CHANGE_WAIT_MS = 2000;

/** A server's instructions within MCP_INSTRUCTIONS_MAX characters, saying so when cut. */
function clipInstructions(text: string): string {
  if (text.length <= MCP_INSTRUCTIONS_MAX) return text;
  const said = " […cut: the server's instructions were longer]";
  return text.slice(0, MCP_INSTRUCTIONS_MAX - said.length) + said;
}

/** `work`, or nothing once `ms` have passed. */
async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * One official-SDK MCP client per person's server, connected on first use: Streamable HTTP, the
 * older SSE transport when that is refused. A server that fails or disconnects is marked failed
 * with the reason and reconnected on a later use, with backoff.
 */
export class McpConnections {
  private readonly entries = new Map<string, Entry>();
  private readonly fetcher: ReturnType<typeof guardedFetch>;
  private readonly fetch: typeof fetch;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: McpConnectionOptions) {
    this.fetcher = guardedFetch(options.endpointPolicy);
    this.fetch = cappedFetch(this.fetcher.fetch, options.maxMessageBytes);
    const idleMs = options.idleMs ?? 10 * 60_000;
    this.sweeper = setInterval(() => this.closeIdle(idleMs), Math.min(idleMs, 60_000));
    this.sweeper.unref();
  }

  /** How many servers are connected on this node. */
  get openCount(): number {
    return [...this.entries.values()].filter((e) => e.client).length;
  }

  /** The server's state; starts connecting when idle, waiting up to `waitMs` for the outcome. */
  async status(config: McpServerConfig, waitMs = 0): Promise<McpServerStatus> {
    if (!config.enabled) {
      this.forget(config.id, config.userId);
      return { state: "disabled" };
    }
    const entry = this.ensure(config);
    if (entry.connecting && waitMs > 0) await within(entry.connecting, waitMs);
    // Lists the server said changed are read first (up to LIST_CHANGE_WAIT_MS).
    const changes = entry.listChanges?.settled();
    if (changes && entry.status.state === "ready") await within(changes, LIST_CHANGE_WAIT_MS);
    // A ready server is asked whether it is still there (one that died is found out now).
    const { client } = entry;
    if (waitMs > 0 && entry.status.state === "ready" && client)
      await client
        .ping({ timeout: Math.min(waitMs, 2000) })
        .catch((err) => this.fail(entry, client, `The server does not answer: ${message(err)}`));
    return entry.status;
  }

  /**
   * Runs `request` with the server's client once it is connected (connecting it when idle). A
   * server turned off, not connected, or dropping the connection meanwhile: McpUnavailableError.
   */
  async use<T>(config: McpServerConfig, request: (client: Client) => Promise<T>): Promise<T> {
    if (!config.enabled) throw new McpUnavailableError(`The MCP server "${config.name}" is turned off`);
    const entry = this.ensure(config);
    if (entry.connecting) await entry.connecting;
    const { client, status } = entry;
    if (status.state !== "ready" || !client) {
      const reason = status.state === "failed" ? status.reason : "it is not connected";
      throw new McpUnavailableError(`The MCP server "${config.name}" is unavailable: ${reason}`);
    }
    entry.calls += 1;
    try {
      const dropped = entry.dropped.catch((err) => {
        throw new McpUnavailableError(`The MCP server "${config.name}" failed: ${message(err)}`);
      });
      return await Promise.race([request(client), dropped]);
    } catch (err) {
      throw entry.redactor.error(err);
    } finally {
      entry.calls -= 1;
      entry.lastUsed = Date.now();
    }
  }

  /** Calls `toolName` on the person's server `serverName`: the result as an agent tool's. */
  async callTool(
    userId: string,
    serverName: string,
    toolName: string,
    args: Record<string, unknown>,
    options: CallOptions = {},
  ): Promise<ToolResult> {
    const config = await this.options.lookup(userId, serverName);
    if (!config) return { ok: false, output: { error: `You have no MCP server named "${serverName}"` } };
    const timeoutMs = this.options.callTimeoutMs;
    try {
      const result = await this.use(config, (client) =>
        client.callTool({ name: toolName, arguments: args }, CallToolResultSchema, {
          signal: options.signal,
          timeout: timeoutMs,
          maxTotalTimeout: timeoutMs,
          onprogress: options.onProgress,
        }),
      );
      return toToolResult(result as Parameters<typeof toToolResult>[0], this.maxResultBytes);
    } catch (err) {
      if (options.signal?.aborted)
        return { ok: false, output: { error: "Stopped: the call was cancelled", stopped: true } };
      if (err instanceof McpError && err.code === ErrorCode.RequestTimeout)
        return {
          ok: false,
          output: { error: `The tool "${toolName}" did not finish within ${timeoutMs / 1000} s: cancelled` },
        };
      if (err instanceof McpUnavailableError) return { ok: false, output: { error: err.message } };
      const said = this.redactorOf(config).text(message(err));
      return { ok: false, output: { error: `The MCP server "${serverName}" failed: ${said}` } };
    }
  }

  /** How long one request (a tool call, a resource read, a prompt) may take. */
  get callTimeoutMs(): number {
    return this.options.callTimeoutMs;
  }

  /** Closes and forgets a server's connections (changed, turned off or removed): one person's, or all. */
  forget(id: string, userId?: string): void {
    for (const [key, entry] of this.entries)
      if (entry.serverId === id && (userId === undefined || key === entryKey({ id, userId })))
        this.close(key);
  }

  /** Connects again now (no waiting for the backoff), waiting up to `waitMs` for the outcome. */
  async reconnect(config: McpServerConfig, waitMs: number): Promise<McpServerStatus> {
    this.forget(config.id, config.userId);
    return this.status(config, waitMs);
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    for (const key of [...this.entries.keys()]) this.close(key);
    await this.fetcher.close();
  }

  private close(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    entry.drop(new Error("The server was changed or removed"));
    if (entry.client) void closeConnection(entry.client, entry.connection);
  }

  private closeIdle(idleMs: number): void {
    const now = Date.now();
    for (const [key, entry] of this.entries)
      if (entry.client && entry.calls === 0 && now - entry.lastUsed >= idleMs) this.close(key);
  }

  private get maxResultBytes() {
    return this.options.maxResultBytes ?? MAX_RESULT_BYTES;
  }

  /** The server's entry (a changed configuration starts afresh); connecting when due. */
  private ensure(config: McpServerConfig): Entry {
    const key = JSON.stringify(config);
    let entry = this.entries.get(entryKey(config));
    if (entry && entry.key !== key) {
      this.close(entryKey(config));
      entry = undefined;
    }
    if (!entry) {
      entry = {
        serverId: config.id,
        key,
        status: { state: "connecting" },
        client: null,
        connection: null,
        connecting: null,
        failures: 0,
        retryAt: 0,
        lastUsed: Date.now(),
        calls: 0,
        lists: null,
        stale: new Set(),
        listChanges: null,
        redactor: this.redactorOf(config),
        ...droppable(),
      };
      this.entries.set(entryKey(config), entry);
    }
    entry.lastUsed = Date.now();
    const idle = !entry.client && !entry.connecting;
    if (idle && (entry.status.state !== "failed" || Date.now() >= entry.retryAt)) this.connect(config, entry);
    return entry;
  }

  private connect(config: McpServerConfig, entry: Entry): void {
    entry.status = { state: "connecting" };
    Object.assign(entry, droppable());
    entry.connecting = this.open(config, entry)
      .catch((err) => {
        if (entry.status.state === "connecting") this.fail(entry, null, message(err));
      })
      .finally(() => {
        entry.connecting = null;
      });
  }

  private async open(config: McpServerConfig, entry: Entry): Promise<void> {
    const timeout = this.options.connectTimeoutMs ?? 15_000;
    let connection: Connected;
    if (config.transport === "stdio") {
      const launch = this.options.launchStdio;
      if (!launch || !config.command)
        throw new Error("Local (stdio) MCP servers cannot be started on this server");
      connection = await connectStdio(await launch(config), timeout);
    } else {
      if (!config.url) throw new Error("The server has no URL");
      const url = await checkEndpoint(config.url, this.options.endpointPolicy).catch((err) => {
        throw new Error(message(err).replace(/^Base URL/, "URL"));
      });
      connection = await connectHttp(url, config.headers, this.fetch, timeout);
    }
    const { client } = connection;
    if (this.entries.get(entryKey(config)) !== entry) {
      await client.close().catch(() => {});
      await connection.release();
      return;
    }
    const said = () => {
      const last = connection.stderr().trim().split("\n").slice(-3).join(" | ");
      return last ? ` (the server said: ${last})` : "";
    };
    client.onclose = () =>
      this.fail(entry, client, connection.stoppedFor?.() ?? `The server closed the connection${said()}`);
    client.onerror = (err) => {
      // A late message about a call that has ended (its text may hold any word) is no failure.
      if (LATE.test(message(err))) return;
      const lost = `The connection was lost (${message(err)})`;
      // The SDK says so for a stream it could not resume (transports.ts RESUMPTION): the server
      // is asked whether it is still there. A failed attempt is tried again until then.
      if (UNANSWERED_STREAM.test(message(err)))
        void client.ping({ timeout: PING_MS }).catch(() => this.fail(entry, client, lost));
      else if (FATAL.test(message(err)) && !RESUME_ATTEMPT_FAILED.test(message(err)))
        this.fail(entry, client, lost);
    };
    entry.client = client;
    entry.connection = connection;
    entry.stale.clear();
    entry.listChanges = watchListChanges(client, (kind) => this.reread(entry, client, kind));
    const lists = await readCatalog(client, timeout, this.options.catalogLimits).catch((err) => {
      this.fail(entry, client, `Listing its tools failed: ${message(err)}`);
      throw err;
    });
    if (entry.client !== client) return;
    const version = client.getServerVersion();
    entry.lists = lists;
    const instructions = client.getInstructions()?.trim();
    entry.status = {
      state: "ready",
      via: connection.via,
      serverInfo: version ? { name: version.name, version: version.version } : null,
      instructions: instructions ? clipInstructions(instructions) : null,
      ...catalogOf(lists),
    };
    entry.failures = 0;
    // Lists that changed while they were being read are read again.
    for (const kind of entry.stale) void this.reread(entry, client, kind).catch(() => {});
    entry.stale.clear();
  }

  /**
   * Reads one list again after the server said it changed, so the next status (and an agent's
   * next step) has it; a list that cannot be read now stays as it was.
   */
  private async reread(entry: Entry, client: Client, kind: CatalogKind): Promise<void> {
    if (entry.client !== client) return;
    if (!entry.lists || entry.status.state !== "ready") {
      entry.stale.add(kind);
      return;
    }
    const timeout = this.options.connectTimeoutMs ?? 15_000;
    const list = await readList(client, kind, timeout, this.options.catalogLimits).catch(() => null);
    const { lists, status } = entry;
    if (!list || entry.client !== client || !lists || status.state !== "ready") return;
    entry.lists = { ...lists, [kind]: list };
    const { cut: _cut, ...rest } = status;
    entry.status = { ...rest, ...catalogOf(entry.lists) };
  }

  private redactorOf(config: McpServerConfig): Redactor {
    const secrets = [...Object.values(config.headers ?? {}), ...Object.values(config.env ?? {})];
    return (this.options.redactor ?? Redactor.none).with(...secrets);
  }

  /** Marks the server failed (once per connection), fails calls in flight, schedules the retry. */
  private fail(entry: Entry, client: Client | null, said: string): void {
    if (client && entry.client !== client) return;
    const reason = entry.redactor.text(said);
    const { connection } = entry;
    entry.client = null;
    entry.connection = null;
    entry.status = { state: "failed", reason };
    entry.failures += 1;
    const { baseMs, maxMs } = this.options.backoff ?? { baseMs: 1000, maxMs: 60_000 };
    entry.retryAt = Date.now() + Math.min(maxMs, baseMs * 2 ** (entry.failures - 1));
    entry.drop(new Error(reason));
    if (client) void closeConnection(client, connection);
  }
}
