import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { answerEmbeddings, EMBEDDING_ROUTES } from "./embeddings";
import type { RecordedStream } from "./recorded-streams";
import { answerTranscription, type ReceivedAudio, TRANSCRIPTION_ROUTE } from "./transcriptions";
import {
  completeBody,
  errorBody,
  type FinishReason,
  type Flavor,
  type Frames,
  framesFor,
  type ToolCallSpec,
} from "./wire-formats";

/** What the next model call answers; the same script works for every flavor. */
export type Scenario =
  | {
      kind: "text";
      /** The reply's pieces; or made from the request (a reply that reads a tool's result). */
      chunks: string[] | ((request: Record<string, unknown>) => string[]);
      delayMs?: number;
      usage?: { input: number; output: number };
      finish?: ScriptedFinish;
    }
  | { kind: "tool-calls"; text?: string; calls: ToolCallSpec[]; finish?: ScriptedFinish }
  | { kind: "error"; status: number; headers?: Record<string, string>; body?: unknown }
  | { kind: "malformed"; after: number }
  | { kind: "cut"; after: number }
  | { kind: "hang" }
  | { kind: "redirect"; location: string }
  /** A stream as a provider really sent it (recorded-streams.ts), replayed byte for byte. */
  | { kind: "recorded"; stream: RecordedStream };

/** A refusal quoting the key it was sent, as some providers' error bodies do. */
function refuseEchoingKey(req: http.IncomingMessage, res: http.ServerResponse): void {
  const sent = [req.headers.authorization, req.headers["x-api-key"]].filter(Boolean).join(", ");
  res.writeHead(401, { "content-type": "application/json" });
  const message = `Incorrect API key provided: ${sent}. Check the key and try again.`;
  // OpenAI's shape and Anthropic's at once (Anthropic's adds the outer type).
  const error = { message, type: "authentication_error", code: "invalid_api_key" };
  res.end(JSON.stringify({ type: "error", error }));
}

/** A scenario as answered (a text reply's pieces made). */
type Answer =
  | Exclude<Scenario, { kind: "text" }>
  | (Extract<Scenario, { kind: "text" }> & { chunks: string[] });

/** 'length': the token limit ended the reply; 'none': the stream ends without a finish reason. */
export type ScriptedFinish = "length" | "none";

/** The end frames of a stream, with the scripted finish. */
function endFrames(
  frames: Frames,
  normal: FinishReason,
  finish: ScriptedFinish | undefined,
  usage: { input: number; output: number },
) {
  const end = frames.end(finish === "length" ? "length" : normal, usage);
  return finish === "none" ? end.filter((f) => !/"(finish_reason|stop_reason|done_reason)":"/.test(f)) : end;
}

export interface RecordedRequest {
  flavor: Flavor | "hub";
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | null;
  /** performance.now() when the request arrived, and when its connection closed. */
  receivedAt?: number;
  closedAt?: number;
  /** The body's size, for uploads (transcriptions). */
  bytes?: number;
  /** A transcription's upload as the server checked it. */
  audio?: ReceivedAudio;
  /** performance.now() at which each text chunk of this request's stream was written. */
  emitted?: number[];
}

export interface HubFile {
  data: Buffer;
  /** The sha256 the hub announces (defaults to the real one). */
  sha256?: string;
  /** Cut the connection after this many bytes, once. */
  cutAfterBytes?: number;
  /** Ignore Range headers (always 200 with the whole file). */
  noRange?: boolean;
  /** Send the body at about this rate (a download whose progress can be watched). */
  bytesPerSecond?: number;
  /** Kept in git, not LFS (small files such as config.json): the Hub announces no sha256 or linked size. */
  inGit?: boolean;
}

const ROUTES: Record<string, Flavor> = {
  "/openai/v1/chat/completions": "openai",
  "/hf/v1/chat/completions": "huggingface",
  "/anthropic/v1/messages": "anthropic",
  "/ollama/api/chat": "ollama",
};
const LISTINGS: Record<string, Flavor> = {
  "/openai/v1/models": "openai",
  "/hf/v1/models": "huggingface",
  "/anthropic/v1/models": "anthropic",
  "/ollama/api/tags": "ollama",
};

/**
 * A local HTTP server speaking the providers' real wire protocols, scripted per test:
 * `script(...)` queues what the next model calls answer (default: a short text).
 */
export class ProviderTestServer {
  readonly requests: RecordedRequest[] = [];
  /** performance.now() at which each text chunk of the latest stream was written (each request's: its record's). */
  emitted: number[] = [];
  /** What listings (/models, /api/tags) answer: 200 or an error status. */
  listingStatus = 200;
  readonly hubFiles = new Map<string, HubFile>();
  private queue: Scenario[] = [];
  private server: http.Server;
  url = "";

  private constructor() {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 5000;
  }

  static async start(): Promise<ProviderTestServer> {
    const s = new ProviderTestServer();
    await new Promise<void>((r) => s.server.listen(0, "127.0.0.1", r));
    s.url = `http://127.0.0.1:${(s.server.address() as AddressInfo).port}`;
    return s;
  }

  /** The base URL to configure for a provider. */
  base(flavor: Flavor): string {
    return {
      openai: `${this.url}/openai/v1`,
      huggingface: `${this.url}/hf/v1`,
      anthropic: `${this.url}/anthropic/v1`,
      ollama: `${this.url}/ollama`,
    }[flavor];
  }

  get hostPort(): string {
    return this.url.replace("http://", "");
  }

  script(...scenarios: Scenario[]): this {
    this.queue.push(...scenarios);
    return this;
  }

  /** What the transcription endpoint (OpenAI's audio/transcriptions) answers. */
  transcript = "Hello from the microphone.";
  /** An HTTP status the embeddings endpoints fail with (null: they answer). */
  embeddingsFailure: number | null = null;
  /**
   * After this many more requests are answered, every request but the hub's is refused (401), the
   * body quoting the credentials it came with (null: never).
   */
  refuseEchoingKey: number | null = null;

  reset(): void {
    this.queue = [];
    this.transcript = "Hello from the microphone.";
    this.embeddingsFailure = null;
    this.refuseEchoingKey = null;
    this.requests.length = 0;
    this.listingStatus = 200;
    this.emitted = [];
  }

  /** Model calls only (not listings). */
  get calls(): RecordedRequest[] {
    return this.requests.filter((r) => r.flavor !== "hub" && ROUTES[r.path]);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const receivedAt = performance.now();
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    let body: Record<string, unknown> | null = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const flavor = ROUTES[path] ?? LISTINGS[path] ?? (path.startsWith("/hub/") ? "hub" : undefined);
    const record: RecordedRequest = {
      flavor: flavor ?? "openai",
      method: req.method ?? "GET",
      path,
      headers: req.headers,
      body,
      receivedAt,
    };
    this.requests.push(record);
    res.on("close", () => {
      record.closedAt = performance.now();
    });
    if (flavor === "hub") return this.hub(req, res, path);
    if (this.refuseEchoingKey !== null) {
      if (this.refuseEchoingKey === 0) return refuseEchoingKey(req, res);
      this.refuseEchoingKey -= 1;
    }
    if (path === TRANSCRIPTION_ROUTE) {
      const upload = Buffer.concat(chunks);
      record.bytes = upload.length;
      record.audio = await answerTranscription(req, res, upload, this.transcript);
      return;
    }
    const embeddings = EMBEDDING_ROUTES[path];
    if (embeddings) return answerEmbeddings(res, embeddings, body, this.embeddingsFailure);
    if (LISTINGS[path]) return this.listing(res, LISTINGS[path] as Flavor);
    if (!ROUTES[path])
      return void res.writeHead(404, { "content-type": "application/json" }).end('{"error":"no route"}');
    return this.answer(res, ROUTES[path] as Flavor, body ?? {}, record);
  }

  private listing(res: http.ServerResponse, flavor: Flavor): void {
    if (this.listingStatus !== 200) {
      res.writeHead(this.listingStatus, { "content-type": "application/json" });
      return void res.end(JSON.stringify(errorBody(flavor, this.listingStatus, "")));
    }
    const body =
      flavor === "ollama"
        ? { models: [{ name: "llama2:latest", model: "llama2:latest", size: 3_826_793_677 }] }
        : {
            object: "list",
            data: [
              { id: "test-model", object: "model" },
              { id: "test-model-2", object: "model" },
            ],
          };
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  }

  private async answer(
    res: http.ServerResponse,
    flavor: Flavor,
    body: Record<string, unknown>,
    record: RecordedRequest,
  ): Promise<void> {
    const next = this.queue.shift() ?? { kind: "text", chunks: ["Hello", " world"] };
    const scenario: Answer =
      next.kind === "text" && typeof next.chunks === "function"
        ? { ...next, chunks: next.chunks(body) }
        : (next as Answer);
    const model = String(body.model ?? "");
    const streaming = flavor === "ollama" ? body.stream !== false : body.stream === true;
    if (scenario.kind === "hang") return;
    if (scenario.kind === "redirect") return void res.writeHead(302, { location: scenario.location }).end();
    if (scenario.kind === "recorded") return this.replay(res, scenario.stream);
    if (scenario.kind === "error") {
      res.writeHead(scenario.status, { "content-type": "application/json", ...scenario.headers });
      return void res.end(JSON.stringify(scenario.body ?? errorBody(flavor, scenario.status, model)));
    }
    const usage = (scenario.kind === "text" && scenario.usage) || { input: 12, output: 7 };
    if (!streaming) {
      if (scenario.kind === "cut") return void res.socket?.destroy();
      if (scenario.kind === "malformed")
        return void res.writeHead(200, { "content-type": "application/json" }).end("{ not json");
      const textOut = scenario.kind === "text" ? scenario.chunks.join("") : (scenario.text ?? "");
      const calls = scenario.kind === "tool-calls" ? scenario.calls : [];
      res.writeHead(200, { "content-type": "application/json" });
      return void res.end(JSON.stringify(completeBody(flavor, model, textOut, calls, usage)));
    }
    const frames = framesFor(flavor, model);
    res.writeHead(200, { "content-type": frames.contentType, "cache-control": "no-cache" });
    res.flushHeaders();
    for (const f of frames.start) res.write(f);
    if (scenario.kind === "tool-calls") {
      if (scenario.text) res.write(frames.text(scenario.text, 0));
      for (const f of frames.toolCalls(scenario.calls)) res.write(f);
      for (const f of endFrames(frames, "tool_calls", scenario.finish, usage)) res.write(f);
      return void res.end();
    }
    const chunks =
      scenario.kind === "text"
        ? scenario.chunks
        : Array.from({ length: scenario.after }, (_, i) => `part${i} `);
    const delay = scenario.kind === "text" ? (scenario.delayMs ?? 0) : 0;
    // Streams at once (a load test) each note their own times; `emitted` is the latest one's.
    const emitted: number[] = [];
    this.emitted = emitted;
    record.emitted = emitted;
    for (let i = 0; i < chunks.length; i++) {
      if (res.destroyed) return;
      if (delay > 0 && i > 0) await new Promise((r) => setTimeout(r, delay));
      emitted.push(performance.now());
      if (!res.write(frames.text(chunks[i] ?? "", i))) await new Promise((r) => res.once("drain", r));
    }
    if (scenario.kind === "cut") {
      // The connection breaks a moment after the last chunk (not before it left).
      await new Promise((r) => setTimeout(r, 30));
      return void res.socket?.destroy();
    }
    if (scenario.kind === "malformed") {
      res.write(frames.malformed);
      for (const f of frames.end("stop", usage)) res.write(f);
      return void res.end();
    }
    const finish = scenario.kind === "text" ? scenario.finish : undefined;
    for (const f of endFrames(frames, "stop", finish, usage)) res.write(f);
    res.end();
  }

  /** Writes a recorded stream event by event, then ends it (or breaks the connection). */
  private async replay(res: http.ServerResponse, stream: RecordedStream): Promise<void> {
    res.writeHead(200, { "content-type": stream.contentType, "cache-control": "no-cache" });
    res.flushHeaders();
    const separator = stream.contentType.includes("ndjson") ? "\n" : "\n\n";
    for (const piece of stream.body.split(separator).filter(Boolean)) {
      res.write(piece + separator);
      await new Promise((r) => setTimeout(r, 2));
    }
    if (!stream.cut) return void res.end();
    await new Promise((r) => setTimeout(r, 30));
    res.socket?.destroy();
  }

  /** Hugging Face Hub downloads: HEAD/GET /hub/{repo}/resolve/main/{file}, with Range. */
  private hub(req: http.IncomingMessage, res: http.ServerResponse, path: string): void {
    const match = /^\/hub\/(.+?)\/resolve\/main\/(.+)$/.exec(path);
    const file = match ? this.hubFiles.get(`${match[1]}/${match[2]}`) : undefined;
    if (!file) return void res.writeHead(404, { "x-error-code": "EntryNotFound" }).end("Entry not found");
    const sha = file.sha256 ?? createHash("sha256").update(file.data).digest("hex");
    const headers = {
      ...(file.inGit ? {} : { "x-linked-etag": `"${sha}"`, "x-linked-size": String(file.data.length) }),
      "accept-ranges": "bytes",
    };
    if (req.method === "HEAD")
      return void res.writeHead(200, { ...headers, "content-length": file.data.length }).end();
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? "");
    const start = range && !file.noRange ? Number(range[1]) : 0;
    const part = file.data.subarray(start);
    res.writeHead(start > 0 ? 206 : 200, {
      ...headers,
      "content-length": part.length,
      ...(start > 0 ? { "content-range": `bytes ${start}-${file.data.length - 1}/${file.data.length}` } : {}),
    });
    if (file.cutAfterBytes !== undefined) {
      const cut = file.cutAfterBytes;
      file.cutAfterBytes = undefined;
      res.write(part.subarray(0, cut));
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    if (!file.bytesPerSecond) return void res.end(part);
    const chunk = 64 * 1024;
    const everyMs = Math.max(1, Math.round((chunk / file.bytesPerSecond) * 1000));
    let sent = 0;
    const timer = setInterval(() => {
      if (res.destroyed) return clearInterval(timer);
      res.write(part.subarray(sent, sent + chunk));
      sent += chunk;
      if (sent >= part.length) {
        clearInterval(timer);
        res.end();
      }
    }, everyMs);
  }
}
