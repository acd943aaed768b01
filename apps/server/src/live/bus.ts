import { EventEmitter } from "node:events";
import type { ServerFrame } from "@neuroos/contracts";

/**
 * Where services publish what a user's browsers should see. The socket layer only subscribes.
 * In-process now; a PostgreSQL LISTEN/NOTIFY implementation of the same interface lets several
 * server nodes share it.
 */
export interface EventBus {
  publish(userId: string, frame: ServerFrame): void;
  subscribe(userId: string, listener: (frame: ServerFrame) => void): () => void;
}

export class InProcessBus implements EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(userId: string, frame: ServerFrame): void {
    this.emitter.emit(userId, frame);
  }

  subscribe(userId: string, listener: (frame: ServerFrame) => void): () => void {
    this.emitter.on(userId, listener);
    return () => this.emitter.off(userId, listener);
  }
}
