import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { Readable } from "node:stream";

/**
 * `fetch` over node:http/https with keep-alive agents, for the provider packages. The
 * built-in fetch costs 1-2 ms more per request on a small machine, which is most of the
 * gateway's first-token budget. It never follows redirects (a 3xx comes back as it is), and
 * it can check the address a socket connects to (`lookup`, the SSRF guard).
 */
export interface NodeFetch {
  fetch: typeof fetch;
  close(): void;
}

function plainHeaders(headers: RequestInit["headers"]): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  if (headers instanceof Headers) {
    headers.forEach((v, k) => {
      out[k] = v;
    });
  } else if (Array.isArray(headers)) {
    for (const [k, v] of headers) if (k !== undefined && v !== undefined) out[k] = v;
  } else {
    for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = String(v);
  }
  return out;
}

function requestBody(body: RequestInit["body"]): string | Uint8Array | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string" || body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  throw new TypeError("This fetch sends string or byte bodies only");
}

export function createNodeFetch(options: { lookup?: LookupFunction } = {}): NodeFetch {
  const agents = {
    "http:": new http.Agent({ keepAlive: true, keepAliveMsecs: 1000 }),
    "https:": new https.Agent({ keepAlive: true, keepAliveMsecs: 1000 }),
  };
  const nodeFetch = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    const protocol = url.protocol as "http:" | "https:";
    if (protocol !== "http:" && protocol !== "https:") {
      return Promise.reject(
        new TypeError("fetch failed", { cause: new Error(`unsupported protocol ${url.protocol}`) }),
      );
    }
    const method = (init.method ?? "GET").toUpperCase();
    const body = requestBody(init.body);
    const signal = init.signal ?? undefined;
    const attempt = (retried: boolean): Promise<Response> =>
      new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason ?? new DOMException("aborted", "AbortError"));
        const module = protocol === "https:" ? https : http;
        const headers = plainHeaders(init.headers);
        if (body !== undefined && !Object.keys(headers).some((k) => k.toLowerCase() === "content-length")) {
          headers["content-length"] = String(
            typeof body === "string" ? Buffer.byteLength(body) : body.byteLength,
          );
        }
        const req = module.request(url, {
          method,
          headers,
          agent: agents[protocol],
          ...(options.lookup ? { lookup: options.lookup } : {}),
        });
        req.setNoDelay(true);
        const onAbort = () => {
          const reason = signal?.reason ?? new DOMException("This operation was aborted", "AbortError");
          req.destroy(reason instanceof Error ? reason : new DOMException(String(reason), "AbortError"));
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        let responded = false;
        req.on("response", (res) => {
          responded = true;
          res.once("close", () => signal?.removeEventListener("abort", onAbort));
          const headers = new Headers();
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
            headers.append(res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string);
          }
          const status = res.statusCode ?? 502;
          const empty = method === "HEAD" || status === 204 || status === 304;
          if (empty) res.resume();
          const stream = empty ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>);
          resolve(new Response(stream, { status, statusText: res.statusMessage ?? "", headers }));
        });
        req.on("error", (err: Error) => {
          signal?.removeEventListener("abort", onAbort);
          if (err.name === "AbortError" || signal?.aborted) return reject(err);
          // A kept-alive socket the server closed just as it was reused: the request never reached
          // it, so it is sent once more on a new socket (what Node's documentation advises).
          if (
            !retried &&
            !responded &&
            req.reusedSocket &&
            (err as NodeJS.ErrnoException).code === "ECONNRESET"
          )
            return resolve(attempt(true));
          reject(new TypeError("fetch failed", { cause: err }));
        });
        req.end(body);
      });
    return attempt(false);
  };
  return {
    fetch: nodeFetch as typeof fetch,
    close: () => {
      agents["http:"].destroy();
      agents["https:"].destroy();
    },
  };
}
