import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { InMemoryEventStore } from "@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js";
import type { ServerOptions } from "@modelcontextprotocol/sdk/server/index.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

/** An MCP server written with the official SDK, on Streamable HTTP, one `McpServer` per session. */
export interface SdkServer {
  /** Its endpoint (`/mcp`). */
  url: string;
  /** `host:port`, for the endpoint guard's allowlist. */
  hostPort: string;
  /** The sessions' servers, newest last (to add a tool at run time, say). */
  sessions: McpServer[];
  /** How many requests came to resume a stream (`Last-Event-ID`). */
  resumes: () => number;
  /** Connections open now. */
  openConnections: () => Promise<number>;
  close: () => Promise<void>;
}

export interface SdkServerOptions extends ServerOptions {
  /** Streams are resumable (an event store, priming events); `retry` (ms) tells clients when to come back. */
  resumable?: { retryMs: number };
}

/** Starts it on a free loopback port; `build` registers the tools of each session's server. */
export async function startSdkServer(
  build: (server: McpServer) => void,
  options: SdkServerOptions = {},
): Promise<SdkServer> {
  const { resumable, ...serverOptions } = options;
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const sessions: McpServer[] = [];
  const eventStore = resumable ? new InMemoryEventStore() : undefined;

  let resumes = 0;
  const server = http.createServer(async (req, res) => {
    if (req.headers["last-event-id"]) resumes += 1;
    const sessionId = req.headers["mcp-session-id"];
    let transport = typeof sessionId === "string" ? transports.get(sessionId) : undefined;
    if (!transport) {
      if (req.method !== "POST" || sessionId) {
        res.writeHead(sessionId ? 404 : 400).end();
        return;
      }
      const made = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        eventStore,
        retryInterval: resumable?.retryMs,
        onsessioninitialized: (id) => {
          transports.set(id, made);
        },
      });
      const mcp = new McpServer({ name: "sdk-test-server", version: "1.0.0" }, serverOptions);
      build(mcp);
      sessions.push(mcp);
      await mcp.connect(made);
      transport = made;
    }
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `http://${hostPort}/mcp`,
    hostPort,
    sessions,
    resumes: () => resumes,
    openConnections: () =>
      new Promise((resolve, reject) => server.getConnections((err, n) => (err ? reject(err) : resolve(n)))),
    close: async () => {
      await Promise.all(sessions.map((s) => s.close().catch(() => {})));
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
