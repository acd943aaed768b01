import { RECONNECT_ATTEMPTS, RECONNECT_DELAY_MS, type ServerFrame } from "@neuroos/contracts";

export type LiveState = "connecting" | "connected" | "disconnected";

export interface LiveSocketOptions {
  url: string;
  /** The WebSocket implementation (the browser's by default). */
  WebSocketImpl?: typeof WebSocket;
  attempts?: number;
  delayMs?: number;
  onFrame?: (frame: ServerFrame) => void;
  onStateChange?: (state: LiveState, error: string | null) => void;
}

/** The live channel's URL on the page's own host: wss under https, else ws. */
export function liveUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
}

/**
 * The browser's end of `/ws` (product spec section 4): asks for system info on connect; on an
 * unexpected close retries up to 5 times, 3 s apart, the count reset by a successful open; a
 * manual disconnect cancels the pending retry and stops retrying.
 */
export class LiveSocket {
  private socket: WebSocket | null = null;
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private manual = false;
  state: LiveState = "disconnected";
  error: string | null = null;

  constructor(private readonly options: LiveSocketOptions) {}

  connect(): void {
    this.manual = false;
    this.open();
  }

  disconnect(): void {
    this.manual = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.socket?.close(1000, "Disconnected");
    this.socket = null;
    this.setState("disconnected", this.error);
  }

  /** Whether a reconnect attempt is scheduled (false once the retries are used up). */
  get retrying(): boolean {
    return this.retryTimer !== null;
  }

  /** Sends a frame; false when the channel is not open. */
  send(frame: object): boolean {
    if (this.socket?.readyState !== 1) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  private open(): void {
    const Impl = this.options.WebSocketImpl ?? WebSocket;
    this.setState("connecting", this.error);
    let socket: WebSocket;
    try {
      socket = new Impl(this.options.url);
    } catch (err) {
      // The retry is scheduled first, so listeners told of the state can see it is pending.
      this.scheduleRetry();
      this.setState(
        "disconnected",
        err instanceof Error ? "WebSocket connection error" : "Failed to connect",
      );
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.retries = 0;
      this.setState("connected", null);
      this.send({ type: "system_info" });
    };
    socket.onmessage = (event) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(event.data));
      } catch (err) {
        console.error("Failed to parse WebSocket message", err);
        return;
      }
      this.options.onFrame?.(frame);
    };
    socket.onerror = () => {
      this.error = "WebSocket connection error";
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (!this.manual) this.scheduleRetry();
      this.setState("disconnected", this.error);
    };
  }

  private scheduleRetry(): void {
    const attempts = this.options.attempts ?? RECONNECT_ATTEMPTS;
    if (this.manual || this.retries >= attempts) return;
    this.retries += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.manual) this.open();
    }, this.options.delayMs ?? RECONNECT_DELAY_MS);
  }

  private setState(state: LiveState, error: string | null): void {
    this.state = state;
    this.error = error;
    this.options.onStateChange?.(state, error);
  }
}
