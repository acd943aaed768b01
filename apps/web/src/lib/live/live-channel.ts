import {
  type ClientFrame,
  type FrameScope,
  frameScope,
  type ServerFrame,
  type TerminalInfo,
} from "@neuroos/contracts";
import { createStore } from "../store";
import { LiveSocket, type LiveState, liveUrl } from "./live-socket";

export interface ChannelState {
  state: LiveState;
  error: string | null;
  /** How many times the socket has opened: above 1 means it reconnected. */
  opens: number;
  /** True when the socket is down and no retry is scheduled (a manual disconnect). */
  gaveUp: boolean;
}

/**
 * The tab's live channel, opened at the app's root for a signed-in person and shared by every
 * screen: one LiveSocket (the spec's reconnect policy), its state as a store, the frames (checked
 * against the contract) fanned out to the screens, and the last system_info.
 */
let opened = 0;

/** Frames that describe standing state, replayed to a listener that subscribes late. */
const STANDING_FRAMES = new Set<ServerFrame["type"]>([
  "approval_request",
  "approval_settled",
  "agent_status",
]);

export class LiveChannel {
  /** Tells one channel from the next (after signing in again). */
  readonly id = ++opened;
  readonly status = createStore<ChannelState>({
    state: "disconnected",
    error: null,
    opens: 0,
    gaveUp: false,
  });
  readonly terminalInfo = createStore<TerminalInfo | null>(null);
  private readonly listeners = new Set<(frame: ServerFrame) => void>();
  /**
   * Frames about standing state (a question waiting for its answer, a run's state) since the
   * socket last opened: the server sends them right after it opens, possibly before the screen
   * that shows them has loaded, so a listener that asks for them gets them when it subscribes.
   */
  private readonly standing: ServerFrame[] = [];
  private readonly socket: LiveSocket;

  constructor(url: string = liveUrl(window.location)) {
    this.socket = new LiveSocket({
      url,
      onFrame: (frame) => this.dispatch(frame),
      onStateChange: (state, error) => {
        if (state === "connected") this.standing.length = 0; // the server sends them again
        this.status.set((previous) => ({
          state,
          error,
          opens: state === "connected" ? previous.opens + 1 : previous.opens,
          gaveUp: state === "disconnected" && !this.socket.retrying,
        }));
      },
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

  /** Every frame from now on; with `replay`, first the standing-state frames already received. */
  onFrame(listener: (frame: ServerFrame) => void, options: { replay?: boolean } = {}): () => void {
    if (options.replay) for (const frame of [...this.standing]) listener(frame);
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The frames of one scope only: a chat session's, an app's screen's, or the user's. */
  onScope(scope: FrameScope, listener: (frame: ServerFrame) => void): () => void {
    return this.onFrame((frame) => {
      const of = frameScope(frame);
      if (of.kind === scope.kind && (of.kind === "user" || ("id" in scope && of.id === scope.id)))
        listener(frame);
    });
  }

  private dispatch(frame: ServerFrame): void {
    if (STANDING_FRAMES.has(frame.type)) {
      this.standing.push(frame);
      if (this.standing.length > 200) this.standing.shift();
    }
    if (frame.type === "system_info") this.terminalInfo.set(frame.terminalInfo);
    for (const listener of this.listeners) listener(frame);
  }
}

/** Ready, reconnecting (it keeps trying by itself), or offline after a manual disconnect. */
export function connectionLabel(status: ChannelState): "Ready" | "Connecting..." | "Offline" {
  if (status.state === "connected") return "Ready";
  if (status.state === "disconnected" && status.gaveUp) return "Offline";
  return "Connecting...";
}
