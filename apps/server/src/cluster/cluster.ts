import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import os from "node:os";
import type { ServerFrame } from "@neuroos/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { type EventBus, InProcessBus } from "../live/bus";
import { PgTransport } from "./pg-transport";
import { type ClusterMessage, type ClusterTransport, LocalTransport } from "./transport";

/** This process's name among the nodes: host, pid and a random part (pids repeat). */
export function newNodeId(): string {
  return `${os.hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
}

/**
 * This server node among the others on the same database: the live bus every node's sockets
 * hear, and signals to the other nodes (Stop, an approval answered, a session ended). Alone (PGlite)
 * the transport carries nothing and the bus is this process's.
 */
export class Cluster {
  /** This node's sockets. */
  private readonly local = new InProcessBus();
  private readonly signals = new EventEmitter().setMaxListeners(0);
  private readonly stopListening: () => void;
  readonly bus: EventBus;

  constructor(
    readonly nodeId: string,
    private readonly transport: ClusterTransport,
  ) {
    this.stopListening = transport.onMessage((message) => this.deliver(message));
    this.bus = {
      publish: (userId, frame) => {
        this.local.publish(userId, frame);
        this.transport.send({ kind: "frame", userId, frame });
      },
      subscribe: (userId, listener) => this.local.subscribe(userId, listener),
    };
  }

  /** Tells every other node (not this one: the caller acts here itself). */
  broadcast(topic: string, payload: unknown): void {
    this.transport.send({ kind: "signal", topic, payload });
  }

  /** What other nodes broadcast on `topic`. */
  onSignal<T>(topic: string, handler: (payload: T) => void): () => void {
    const listener = (payload: unknown) => handler(payload as T);
    this.signals.on(topic, listener);
    return () => this.signals.off(topic, listener);
  }

  async close(): Promise<void> {
    this.stopListening();
    await this.transport.close();
  }

  private deliver(message: ClusterMessage): void {
    if (message.kind === "frame") this.local.publish(message.userId, message.frame as ServerFrame);
    else this.signals.emit(message.topic, message.payload);
  }
}

/** The cluster the database calls for: LISTEN/NOTIFY on PostgreSQL, this process alone on PGlite. */
export async function openCluster(database: Database, log: FastifyBaseLogger): Promise<Cluster> {
  const nodeId = newNodeId();
  if (database.kind !== "postgres" || !database.url) return new Cluster(nodeId, new LocalTransport());
  const transport = new PgTransport({ url: database.url, nodeId, db: database.db, log });
  await transport.start();
  log.info({ nodeId }, "cluster: this node shares live frames with the others through PostgreSQL");
  return new Cluster(nodeId, transport);
}
