import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { Db } from "../db/client";
import type { ClusterMessage, ClusterTransport } from "./transport";

export const CLUSTER_CHANNEL = "neuroos_cluster";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const NOTIFY_MAX_BYTES = 7999;
/** Messages kept while the database is unreachable; the oldest go first beyond this. */
const MAX_QUEUED = 100_000;
/** Payloads sent in one statement (one round trip): up to about 256 kB. */
const PAYLOADS_PER_STATEMENT = 32;
const RECONNECT_MS = [100, 250, 500, 1000, 2000, 5000];
/** A node that has heard nothing for this long (not even itself) notifies itself to check. */
const PROBE_MS = 5000;
/** A signal (Stop, an answer) queued longer than this is dropped: it would act on later work. */
const SIGNAL_TTL_MS = 5000;
const PAYLOAD_TTL = "5 minutes";

/** One notification: a batch of messages, or the id of one too big for a payload. */
interface Envelope {
  n: string;
  /** This node's count of payloads (none is the same as another in one transaction). */
  s?: number;
  m?: ClusterMessage[];
  ref?: number;
}

export interface PgTransportOptions {
  url: string;
  nodeId: string;
  /** For the big payloads and their clean-up. */
  db: Db;
  log: FastifyBaseLogger;
}

/**
 * Messages between nodes through PostgreSQL's LISTEN/NOTIFY. This node's messages go out on one
 * connection of their own, one after another, batched while a NOTIFY is in flight; each node
 * hears them on another connection and delivers them in that order, so a user's frames keep their
 * order. A message too big for a payload is stored in `live_payloads` and its id notified. A lost
 * connection is made again (with a line in the log) and the channel listened to again.
 */
export class PgTransport implements ClusterTransport {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private listener: pg.Client | null = null;
  private publisher: pg.Client | null = null;
  /** JSON of each message, when it was queued, and whether it is a signal. */
  private queue: { json: string; at: number; signal: boolean }[] = [];
  private dropping = false;
  private lastHeard = Date.now();
  private readonly probe: NodeJS.Timeout;
  /** Gives up the listening connection and listens on a new one. */
  private listenAgain: (() => void) | null = null;
  private flushing: Promise<void> | null = null;
  private inbound: Promise<void> = Promise.resolve();
  private reconnects = 0;
  private sendFailing = false;
  private numbered = 0;
  private closed = false;
  private readonly cleanup: NodeJS.Timeout;

  constructor(private readonly options: PgTransportOptions) {
    // A listening connection can die without a word (a half-open TCP connection): a node that
    // hears nothing, not even its own probe, listens again.
    this.probe = setInterval(() => this.checkHearing(), PROBE_MS).unref();
    this.cleanup = setInterval(() => {
      options.db
        .execute(sql`delete from live_payloads where created_at < now() - ${PAYLOAD_TTL}::interval`)
        .catch(() => {});
    }, 60_000).unref();
  }

  /** Listens before returning: from then on, nothing another node sends is missed. */
  async start(): Promise<void> {
    await this.listen();
  }

  send(message: ClusterMessage): void {
    if (this.closed) return;
    this.queue.push({ json: JSON.stringify(message), at: Date.now(), signal: message.kind === "signal" });
    if (this.queue.length > MAX_QUEUED) {
      this.queue.splice(0, this.queue.length - MAX_QUEUED);
      if (!this.dropping)
        this.options.log.warn(
          "cluster: the database is unreachable; the oldest messages to other nodes dropped",
        );
      this.dropping = true;
    }
    this.flushing ??= this.flush().finally(() => {
      this.flushing = null;
    });
  }

  onMessage(listener: (message: ClusterMessage) => void): () => void {
    this.emitter.on("message", listener);
    return () => this.emitter.off("message", listener);
  }

  /** Sends what is queued (for up to a second), then closes both connections. */
  async close(): Promise<void> {
    const pending = this.flushing;
    if (pending) await Promise.race([pending, new Promise((r) => setTimeout(r, 1000))]);
    this.closed = true;
    clearInterval(this.cleanup);
    clearInterval(this.probe);
    await Promise.all([this.listener?.end().catch(() => {}), this.publisher?.end().catch(() => {})]);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.url, keepAlive: true });
    let lost = false;
    let ready = false;
    const onLost = () => {
      // Before it listens, a failure is the caller's (start, or the next retry).
      if (lost || !ready) return;
      lost = true;
      if (this.listener === client) this.listener = null;
      client.end().catch(() => {});
      if (this.closed) return;
      this.options.log.warn("cluster: lost the database connection it listens on; reconnecting");
      this.retryListen();
    };
    client.on("error", onLost);
    client.on("end", onLost);
    client.on("notification", (n) => {
      if (n.channel === CLUSTER_CHANNEL && n.payload) this.receive(n.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${CLUSTER_CHANNEL}`);
    } catch (err) {
      client.end().catch(() => {});
      throw err;
    }
    if (this.closed) {
      client.end().catch(() => {});
      return;
    }
    ready = true;
    this.listener = client;
    this.listenAgain = onLost;
    this.reconnects = 0;
    this.lastHeard = Date.now();
  }

  private retryListen(): void {
    const delay = RECONNECT_MS[Math.min(this.reconnects, RECONNECT_MS.length - 1)];
    this.reconnects += 1;
    setTimeout(async () => {
      if (this.closed) return;
      try {
        await this.listen();
        this.options.log.info(
          { channel: CLUSTER_CHANNEL },
          "cluster: reconnected to the database and listening again",
        );
      } catch {
        this.retryListen();
      }
    }, delay).unref();
  }

  private receive(payload: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    this.lastHeard = Date.now();
    if (envelope.n === this.options.nodeId) return;
    // One after another: a message behind a stored one waits for it. A listener's failure is
    // logged and the next message goes on.
    this.inbound = this.inbound
      .then(async () => {
        const listed = Array.isArray(envelope.m) ? envelope.m : undefined;
        const messages = listed ?? (typeof envelope.ref === "number" ? await this.stored(envelope.ref) : []);
        for (const message of messages) {
          try {
            this.emitter.emit("message", message);
          } catch (err) {
            this.options.log.error({ err }, "cluster: a message from another node failed");
          }
        }
      })
      .catch((err) => this.options.log.error({ err }, "cluster: a message from another node failed"));
  }

  private async stored(id: number): Promise<ClusterMessage[]> {
    try {
      const result = (await this.options.db.execute(
        sql`select body from live_payloads where id = ${id}`,
      )) as unknown as { rows: { body: string }[] };
      const body = result.rows[0]?.body;
      return body === undefined ? [] : [JSON.parse(body) as ClusterMessage];
    } catch (err) {
      this.options.log.warn({ err, id }, "cluster: a stored message could not be read");
      return [];
    }
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0 && !this.closed) {
      this.dropStaleSignals();
      const { payloads, count } = this.nextPayloads();
      try {
        const client = await this.publisherClient();
        if (count === 0) {
          // Too big for a payload: stored, and its id notified, in one statement.
          await client.query(
            `with stored as (insert into live_payloads (body) values ($1) returning id)
             select pg_notify($2, json_build_object('n', $3::text, 'ref', stored.id)::text) from stored`,
            [this.queue[0]?.json, CLUSTER_CHANNEL, this.options.nodeId],
          );
          this.queue.splice(0, 1);
        } else {
          // Several payloads in one statement: one round trip, one transaction, delivered in this order.
          await client.query(
            "select pg_notify($1, p) from unnest($2::text[]) with ordinality as t(p, i) order by i",
            [CLUSTER_CHANNEL, payloads],
          );
          this.queue.splice(0, count);
        }
        if (this.sendFailing) this.options.log.info("cluster: notifying the other nodes again");
        this.sendFailing = false;
      } catch (err) {
        this.publisher?.end().catch(() => {});
        this.publisher = null;
        if (this.closed) return;
        if (!this.sendFailing)
          this.options.log.warn({ err }, "cluster: could not notify the other nodes; retrying");
        this.sendFailing = true;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  /**
   * The head of the queue as up to PAYLOADS_PER_STATEMENT payloads under the NOTIFY limit, and how
   * many messages they hold (0: the first is too big for a payload). Each payload is numbered:
   * PostgreSQL drops a payload repeated within one transaction.
   */
  private nextPayloads(): { payloads: string[]; count: number } {
    const payloads: string[] = [];
    let count = 0;
    while (payloads.length < PAYLOADS_PER_STATEMENT && count < this.queue.length) {
      const head = `{"n":${JSON.stringify(this.options.nodeId)},"s":${this.numbered++},"m":[`;
      let size = Buffer.byteLength(head) + 2;
      let taken = 0;
      for (let i = count; i < this.queue.length; i++) {
        const next = size + Buffer.byteLength(this.queue[i]?.json ?? "") + (taken > 0 ? 1 : 0);
        if (next > NOTIFY_MAX_BYTES) break;
        size = next;
        taken += 1;
      }
      if (taken === 0) break;
      const jsons = this.queue.slice(count, count + taken).map((item) => item.json);
      payloads.push(`${head}${jsons.join(",")}]}`);
      count += taken;
    }
    return { payloads, count };
  }

  /** Signals that waited too long (the database was away) would act on later work: dropped. */
  private dropStaleSignals(): void {
    const now = Date.now();
    if (this.queue.some((item) => item.signal && now - item.at > SIGNAL_TTL_MS))
      this.queue = this.queue.filter((item) => !item.signal || now - item.at <= SIGNAL_TTL_MS);
    if (this.queue.length === 0) this.dropping = false;
  }

  /** Nothing heard for a while: a probe to this node; nothing heard for long, listen again. */
  private checkHearing(): void {
    if (this.closed || !this.listener) return;
    const silent = Date.now() - this.lastHeard;
    if (silent > PROBE_MS * 3) {
      this.options.log.warn("cluster: heard nothing from the database, not even this node; listening again");
      this.listenAgain?.();
    } else if (silent >= PROBE_MS) this.send({ kind: "signal", topic: "cluster_probe", payload: null });
  }

  private async publisherClient(): Promise<pg.Client> {
    if (this.publisher) return this.publisher;
    const client = new pg.Client({ connectionString: this.options.url, keepAlive: true });
    client.on("error", () => {
      if (this.publisher === client) this.publisher = null;
    });
    await client.connect();
    this.publisher = client;
    return client;
  }
}
