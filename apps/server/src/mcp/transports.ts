import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { answeredStreams } from "./answered-streams";

const CLIENT_INFO = { name: "NeuroOS", version: "1.0.0" };
/** A local server's output kept to explain why it stopped. */
const STDERR_KEPT = 2000;
/** One message from a local server may be at most this long (a runaway one is cut off). */
const STDIO_MAX_MESSAGE = 8 * 1024 * 1024;

/**
 * A stream the server ended before its answer (it sent an event id, so it is resumable) is opened
 * again with `Last-Event-ID`, after the server's `retry` or these delays; a server that cannot be
 * reached is a lost connection at once (`fetch failed`), and one that refuses every attempt is
 * asked whether it is still there (`UNANSWERED_STREAM` in connections.ts).
 */
export const RESUMPTION = {
  maxRetries: 4,
  initialReconnectionDelay: 250,
  maxReconnectionDelay: 4000,
  reconnectionDelayGrowFactor: 2,
};

/** A failed attempt to resume a stream, tried again until RESUMPTION.maxRetries. */
export const RESUME_ATTEMPT_FAILED = /^Failed to reconnect SSE stream/;

/** Transport errors after which the connection is gone (not a refused single request). */
export const FATAL =
  /disconnected|terminated|reconnect|ECONNREFUSED|ECONNRESET|fetch failed|socket|closed|limit/i;

/** Connects, failing at once (not at the timeout) when the transport breaks meanwhile. */
async function connectOrBreak(client: Client, transport: Transport, timeout: number): Promise<void> {
  let broke: (err: Error) => void = () => {};
  const broken = new Promise<never>((_resolve, reject) => {
    broke = reject;
  });
  client.onerror = (err) => {
    if (FATAL.test(err.message)) broke(err);
  };
  try {
    await Promise.race([client.connect(transport, { timeout }), broken]);
  } finally {
    client.onerror = undefined;
  }
}

export type Via = "streamable-http" | "sse" | "stdio";

/** A connected client, how it got there, and what to do once it is closed. */
export interface Connected {
  client: Client;
  via: Via;
  /** The last of a local server's stderr (empty for remote ones). */
  stderr: () => string;
  /** Frees what the connection holds (a local server's sandbox); called once, after close. */
  release: () => Promise<void>;
  /** Why NeuroOS stopped a local server, when it did (null while it runs, or when it ended itself). */
  stoppedFor?: () => string | null;
}

/** Streamable HTTP; the older SSE transport when the server refuses that with a 4xx. */
export async function connectHttp(
  url: URL,
  headers: Record<string, string>,
  fetch: typeof globalThis.fetch,
  timeout: number,
): Promise<Connected> {
  const requestInit = { headers };
  const done = { stderr: () => "", release: async () => {} };
  const client = new Client(CLIENT_INFO);
  try {
    const transport = new StreamableHTTPClientTransport(url, {
      requestInit,
      fetch: answeredStreams(fetch),
      reconnectionOptions: RESUMPTION,
    });
    await connectOrBreak(client, transport, timeout);
    return { client, via: "streamable-http", ...done };
  } catch (err) {
    await client.close().catch(() => {});
    const code = err instanceof StreamableHTTPError ? (err.code ?? 0) : 0;
    if (code < 400 || code >= 500 || code === 401 || code === 403) throw err;
  }
  const legacy = new Client(CLIENT_INFO);
  try {
    await connectOrBreak(legacy, new SSEClientTransport(url, { requestInit, fetch }), timeout);
  } catch (err) {
    await legacy.close().catch(() => {});
    throw err;
  }
  return { client: legacy, via: "sse", ...done };
}

/** What runs a local server: a command line (in the sandbox) and what frees it afterwards. */
export interface LaunchedCommand {
  file: string;
  args: string[];
  env: Record<string, string>;
  release(): Promise<void>;
  /**
   * Given how to stop the server once it runs (closing its connection ends its process, and the
   * sandbox with it): the launcher's own reasons to stop it (a workspace kept past its quota).
   */
  stopWith?(stop: (why: string) => Promise<void>): void;
}

/** A local server on stdin/stdout, started by `launch` (inside the sandbox). */
export async function connectStdio(launched: LaunchedCommand, timeout: number): Promise<Connected> {
  let stderr = "";
  const transport = new StdioClientTransport({
    command: launched.file,
    args: launched.args,
    env: launched.env,
    stderr: "pipe",
    maxBufferSize: STDIO_MAX_MESSAGE,
  });
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_KEPT);
  });
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await launched.release();
  };
  const client = new Client(CLIENT_INFO);
  let stoppedFor: string | null = null;
  launched.stopWith?.((why) => {
    stoppedFor = why;
    return client.close();
  });
  try {
    await client.connect(transport, { timeout });
  } catch (err) {
    await client.close().catch(() => {});
    await release();
    const said = stderr.trim().split("\n").slice(-3).join(" | ");
    throw new Error(said ? `${(err as Error).message} (the server said: ${said})` : (err as Error).message);
  }
  return { client, via: "stdio", stderr: () => stderr, stoppedFor: () => stoppedFor, release };
}
