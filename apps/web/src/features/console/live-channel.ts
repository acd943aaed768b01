import type { ClientFrame, ServerFrame } from "@neuroos/contracts";
import { z } from "zod";
import { LiveSocket, type LiveState } from "../../lib/live-socket";
import { createStore } from "../../lib/store";

/** What the server reports about itself in its system_info frame (measured, not fixed). */
export interface TerminalInfo {
  version: string | null;
  nodeVersion: string | null;
  pythonVersion: string | null;
  platform: string | null;
  uptime: number | null;
  cpus: number | null;
  totalMemory: number | null;
}

const text = z.string().nullable().catch(null);
const count = z.number().nullable().catch(null);
const terminalInfoSchema = z.object({
  version: text,
  nodeVersion: text,
  pythonVersion: text,
  platform: text,
  uptime: count,
  cpus: count,
  totalMemory: count,
});

export interface ChannelState {
  state: LiveState;
  error: string | null;
  /** How many times the socket has opened: above 1 means it reconnected. */
  opens: number;
  /** True when the socket is down and no retry is scheduled (a manual disconnect). */
  gaveUp: boolean;
}

/**
 * The console's end of the live channel: one LiveSocket (the spec's reconnect policy), its
 * state as a store, the frames fanned out to the console's handlers, and the last system_info.
 */
export class LiveChannel {
  readonly status = createStore<ChannelState>({
    state: "disconnected",
    error: null,
    opens: 0,
    gaveUp: false,
  });
  readonly terminalInfo = createStore<TerminalInfo | null>(null);
  private readonly listeners = new Set<(frame: ServerFrame) => void>();
  private readonly socket: LiveSocket;

  constructor(url: string) {
    this.socket = new LiveSocket({
      url,
      onFrame: (frame) => this.dispatch(frame),
      onStateChange: (state, error) =>
        this.status.set((previous) => ({
          state,
          error,
          opens: state === "connected" ? previous.opens + 1 : previous.opens,
          gaveUp: state === "disconnected" && !this.socket.retrying,
        })),
    });
  }

  connect(): void {
    this.socket.connect();
  }

  disconnect(): void {
    this.socket.disconnect();
  }

  /** Tries to reconnect now instead of waiting for the next scheduled try. */
  retryNow(): void {
    this.socket.retryNow();
  }

  /** Sends a frame; false when the channel is not open. */
  send(frame: ClientFrame): boolean {
    return this.socket.send(frame);
  }

  onFrame(listener: (frame: ServerFrame) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private dispatch(frame: ServerFrame): void {
    if (frame.type === "system_info") {
      const parsed = terminalInfoSchema.safeParse(frame.terminalInfo ?? {});
      if (parsed.success) this.terminalInfo.set(parsed.data);
    }
    for (const listener of this.listeners) listener(frame);
  }
}

/** Ready, reconnecting (it keeps trying by itself), or offline after a manual disconnect. */
export function connectionLabel(status: ChannelState): "Ready" | "Connecting..." | "Offline" {
  if (status.state === "connected") return "Ready";
  if (status.state === "disconnected" && status.gaveUp) return "Offline";
  return "Connecting...";
}
