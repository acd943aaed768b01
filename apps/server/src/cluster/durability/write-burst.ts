import { randomUUID } from "node:crypto";
import type { LiveClient } from "../../test/live-client";
import type { NodeClient } from "./node-client";

/** A write the node acknowledged: what must be there, as it was sent, after any crash. */
export type Write =
  | { type: "session"; id: string; title: string }
  | { type: "message"; sessionId: string; content: string }
  | { type: "file"; path: string; content: string }
  | { type: "document"; id: string; title: string; content: unknown }
  | { type: "agent"; id: string; name: string; systemPrompt: string };

/**
 * A write that was not acknowledged: `refused` with an error (HTTP status and code, or the live
 * error frame's code), `cut` (the connection died with the node), or `hung` (no answer in time).
 */
export interface Unacknowledged {
  what: string;
  how: "refused" | "cut" | "hung";
  status?: number;
  code?: string;
}

const KINDS = ["chat", "file", "document", "agent"] as const;
/** Text that must come back byte for byte: accents, an emoji, a quote, a newline. */
const TEXT = 'Ünïcödé ✓ 🚀 "quoted"\nsecond line';

/**
 * Writes through the public API as fast as `workers` browsers can (chat sessions and their
 * messages, files, documents, agents), each with its own content; keeps every acknowledged one
 * (a 2xx answer; for a chat message, its echo on the live channel) and what happened to the rest.
 */
export class WriteBurst {
  readonly acked: Write[] = [];
  readonly unacknowledged: Unacknowledged[] = [];
  private stopped = false;
  private readonly running: Promise<void>[] = [];
  private readonly socketClosed: Promise<"closed">;

  constructor(
    private readonly client: NodeClient,
    private readonly live: LiveClient,
    private readonly options: { label: string; workers: number; hangMs: number },
  ) {
    this.socketClosed = live.closed().then(() => "closed" as const);
  }

  start(): this {
    for (let w = 0; w < this.options.workers; w++) this.running.push(this.work(w));
    return this;
  }

  /** Lets each worker finish the write it is in, then resolves. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.running);
  }

  /** Resolves once `count` writes in all were acknowledged. */
  async untilAcked(count: number, ms = 30_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (this.acked.length < count) {
      if (Date.now() > deadline) {
        this.stopped = true; // a failed test leaves no writer behind
        throw new Error(
          `only ${this.acked.length} writes acknowledged: ${JSON.stringify(this.unacknowledged.slice(-3))}`,
        );
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  private async work(worker: number): Promise<void> {
    for (let i = 0; !this.stopped; i++) {
      const kind = KINDS[(worker + i) % KINDS.length] ?? "chat";
      const ok = await this.write(kind, `${this.options.label}-${worker}-${i}`);
      if (!ok) await new Promise((r) => setTimeout(r, 50)); // the node or its database is down: not a busy loop
    }
  }

  private async write(kind: (typeof KINDS)[number], mark: string): Promise<boolean> {
    const text = `${mark} ${TEXT}`;
    if (kind === "chat") {
      const title = `Session ${mark}`;
      const session = await this.http<{ id: string }>(`session ${mark}`, "POST", "/api/sessions", { title });
      if (!session) return false;
      this.acked.push({ type: "session", id: session.id, title });
      return this.chat(session.id, `Message ${text}`);
    }
    if (kind === "file") {
      const path = `/home/user/durability/${mark}.txt`;
      const content = `${text}\n`.repeat(40);
      const ok = await this.http(`file ${mark}`, "PUT", "/api/files/content", { path, content });
      if (ok) this.acked.push({ type: "file", path, content });
      return ok !== null;
    }
    if (kind === "document") {
      const title = `Document ${mark}`;
      const content = { text, mark, items: [1, 2, 3], nested: { done: false } };
      const doc = await this.http<{ id: string }>(`document ${mark}`, "POST", "/api/documents", {
        kind: "durability-note",
        title,
        content,
      });
      if (doc) this.acked.push({ type: "document", id: doc.id, title, content });
      return doc !== null;
    }
    const name = `Agent ${mark}`;
    const systemPrompt = `You are agent ${text}`;
    const agent = await this.http<{ id: string }>(`agent ${mark}`, "POST", "/api/agents", {
      name,
      systemPrompt,
      tools: [],
    });
    if (agent) this.acked.push({ type: "agent", id: agent.id, name, systemPrompt });
    return agent !== null;
  }

  /** The answer's JSON when it is a 2xx; null (and why) otherwise. */
  private async http<T>(what: string, method: string, path: string, body: unknown): Promise<T | null> {
    try {
      const res = await this.client.request(method, path, body, AbortSignal.timeout(this.options.hangMs));
      const json = (await res.json().catch(() => null)) as (T & { error?: { code?: string } }) | null;
      if (res.ok && json) return json;
      this.unacknowledged.push({ what, how: "refused", status: res.status, code: json?.error?.code });
    } catch (err) {
      this.unacknowledged.push({ what, how: (err as Error).name === "TimeoutError" ? "hung" : "cut" });
    }
    return null;
  }

  /** Sends a chat message on the live channel; acknowledged by its echo (the stored message). */
  private async chat(sessionId: string, content: string): Promise<boolean> {
    const what = `message in ${sessionId}`;
    const requestId = randomUUID();
    this.live.send({ type: "chat_message", sessionId, content, requestId });
    const answer = await Promise.race([
      this.live
        .next(
          (f) =>
            (f.type === "chat_message" &&
              f.sessionId === sessionId &&
              (f.message as { role: string; content: string }).content === content) ||
            (f.type === "error" && f.requestId === requestId),
          this.options.hangMs,
        )
        .catch(() => null),
      this.socketClosed,
    ]);
    if (answer && answer !== "closed" && answer.type === "chat_message") {
      this.acked.push({ type: "message", sessionId, content });
      return true;
    }
    if (answer === "closed") this.unacknowledged.push({ what, how: "cut" });
    else if (answer) this.unacknowledged.push({ what, how: "refused", code: String(answer.code) });
    else this.unacknowledged.push({ what, how: "hung" });
    return false;
  }
}
