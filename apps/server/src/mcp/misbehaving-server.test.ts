import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { McpConnections } from "./connections";
import type { McpServerConfig } from "./servers";

/** A server that answers every POST with what `answer` says: bad JSON, a huge body, an endless stream. */
let server: http.Server;
let origin = "";
const answers: Record<string, (res: http.ServerResponse) => void> = {
  "/bad-json": (res) => res.writeHead(200, { "content-type": "application/json" }).end("{not json"),
  "/huge": (res) =>
    res.writeHead(200, { "content-type": "application/json" }).end(`"${"x".repeat(300_000)}"`),
  "/endless": (res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    const timer = setInterval(() => res.write(`data: ${"y".repeat(10_000)}`), 5);
    res.on("close", () => clearInterval(timer));
  },
  "/html": (res) => res.writeHead(200, { "content-type": "text/html" }).end("<h1>hello</h1>"),
};

const config = (path: string, name = path.slice(1)): McpServerConfig => ({
  id: `00000000-0000-4000-8000-${String(Object.keys(answers).indexOf(path)).padStart(12, "0")}`,
  userId: "00000000-0000-4000-8000-000000000000",
  name,
  transport: "http",
  url: `${origin}${path}`,
  command: null,
  args: [],
  headers: {},
  env: {},
  shared: false,
  allowNetwork: false,
  enabled: true,
});

describe("a misbehaving MCP server never crashes NeuroOS and stays within the limits", () => {
  let connections: McpConnections;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => (answers[req.url ?? ""] ?? ((r) => r.writeHead(404).end()))(res));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    connections = new McpConnections({
      endpointPolicy: { allowlist: [origin.replace("http://", "")] },
      lookup: async () => null,
      callTimeoutMs: 5000,
      connectTimeoutMs: 5000,
      maxMessageBytes: 100_000,
    });
  });
  afterAll(async () => {
    await connections.closeAll();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const failure = async (path: string) => {
    const status = await connections.status(config(path), 6000);
    expect(status.state).toBe("failed");
    return (status as { reason: string }).reason;
  };

  it("bad JSON, a wrong content type: failed, saying why", async () => {
    expect(await failure("/bad-json")).toMatch(/JSON|parse|Unexpected/i);
    expect(await failure("/html")).toMatch(/content type|text\/html/i);
  });

  it("an answer or an event over the limit: failed, saying so", async () => {
    expect(await failure("/huge")).toMatch(/over the 100000-byte limit/);
    expect(await failure("/endless")).toMatch(/over the 100000-byte limit/);
  }, 15_000);
});
