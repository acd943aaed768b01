import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readEventStream, type StreamChunk } from "./sse-stream";

let base = "";
const server = http.createServer((req, res) => {
  const send = (lines: string[], end = true) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    for (const l of lines) res.write(l);
    if (end) res.end();
  };
  if (req.url === "/ok")
    send(['data: {"content":"Hel', 'lo"}\n\ndata: {"content":" world"}\n\n', "data: [DONE]\n\n"]);
  else if (req.url === "/garbage")
    send(["data: {oops\n\n", 'data: {"content":"after"}\n\n', "data: [DONE]\n\n"]);
  else if (req.url === "/upstream-error")
    send([
      'data: {"content":"a"}\n\n',
      'data: {"error":{"code":"provider_down","message":"Provider is down"}}\n\n',
    ]);
  else if (req.url === "/cut") send(['data: {"content":"a"}\n\n']);
  else if (req.url === "/hang") send(['data: {"content":"a"}\n\n'], false);
  else if (req.url === "/refused")
    res.writeHead(400, { "content-type": "application/json" }).end(
      JSON.stringify({
        error: { code: "llm_not_configured", message: "Anthropic is not set up: add an API key in Settings" },
      }),
    );
  else res.writeHead(500).end("boom");
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function read(path: string, signal?: AbortSignal) {
  const chunks: StreamChunk[] = [];
  const result = { chunks, completed: false, error: undefined as Error | undefined };
  await readEventStream(
    `${base}${path}`,
    { messages: [] },
    {
      onChunk: (c) => chunks.push(c),
      onComplete: () => {
        result.completed = true;
      },
      onError: (e) => {
        result.error = e;
      },
    },
    signal,
  );
  return result;
}

describe("readEventStream", () => {
  it("reads chunks split across packets until [DONE]", async () => {
    const r = await read("/ok");
    expect(r.chunks.map((c) => c.content).join("")).toBe("Hello world");
    expect(r.completed).toBe(true);
    expect(r.error).toBeUndefined();
  });

  it("logs and skips unparseable lines", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const r = await read("/garbage");
    expect(r.chunks).toEqual([{ content: "after" }]);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it("reports the spec's errors: HTTP status, upstream error chunk, cut stream, abort", async () => {
    expect((await read("/missing")).error?.message).toBe("HTTP error! status: 500");
    const upstream = await read("/upstream-error");
    expect(upstream.error?.message).toBe("Provider is down");
    expect(upstream.completed).toBe(false);
    expect((await read("/cut")).error?.message).toMatch(/ended before/);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const hung = await read("/hang", controller.signal);
    expect(hung.error?.name).toBe("AbortError");
    expect(hung.chunks).toHaveLength(1);
  });

  it("a refused request reports the server's own message and code, not 'HTTP error! status: N'", async () => {
    const refused = (await read("/refused")).error as (Error & { code?: string }) | undefined;
    expect(refused?.message).toBe("Anthropic is not set up: add an API key in Settings");
    expect(refused?.code).toBe("llm_not_configured");
  });
});
