import http from "node:http";
import type { AddressInfo } from "node:net";

/** A JSON-RPC message a client sent: a request or a notification. */
export interface SentMessage {
  method?: string;
  id?: string | number;
  params?: Record<string, unknown>;
}

export interface RecordingProxy {
  origin: string;
  port: number;
  /** What clients POSTed, message by message, in order. */
  sent: SentMessage[];
  close(): Promise<void>;
}

/**
 * An HTTP proxy in front of a remote MCP server that records the JSON-RPC messages clients
 * send it (what the server receives), passing requests and streamed answers through untouched.
 */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const sent: SentMessage[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      if (body.length > 0) {
        try {
          sent.push(...[JSON.parse(body.toString("utf8")) as SentMessage | SentMessage[]].flat());
        } catch {
          // Not JSON: passed on as it is.
        }
      }
      const upstream = http.request(
        new URL(req.url ?? "/", target),
        { method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", () => res.destroy());
      res.on("close", () => upstream.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
