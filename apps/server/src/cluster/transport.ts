import type { ServerFrame } from "@neuroos/contracts";

/** What nodes tell each other: a user's live frame, or a signal for a topic (Stop, session ended). */
export type ClusterMessage =
  | { kind: "frame"; userId: string; frame: ServerFrame }
  | { kind: "signal"; topic: string; payload: unknown };

/**
 * Carries messages from this node to the others, in the order they were sent. In one process
 * there are no others; on PostgreSQL it is LISTEN/NOTIFY (pg-transport.ts).
 */
export interface ClusterTransport {
  /** To every other node (never back to this one). */
  send(message: ClusterMessage): void;
  /** What other nodes sent, in their order. */
  onMessage(listener: (message: ClusterMessage) => void): () => void;
  close(): Promise<void>;
}

/** One node alone (PGlite, or tests): nothing to carry. */
export class LocalTransport implements ClusterTransport {
  send(): void {}
  onMessage(): () => void {
    return () => {};
  }
  async close(): Promise<void> {}
}
