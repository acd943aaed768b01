import {
  RECONNECT_ATTEMPTS,
  RECONNECT_DELAY_MS,
  type ServerFrame,
  serverFrameSchema,
} from "@neuroos/contracts";

export type LiveState = "connecting" | "connected" | "disconnected";

export interface LiveSocketOptions {
  url: string;
  /** The WebSocket implementation (the browser's by default). */
  WebSocketImpl?: typeof WebSocket;
  attempts?: number;
  delayMs?: number;
  /** After `attempts`, the delay doubles from `delayMs` up to this (default 60 s). */
  backoffMaxMs?: number;
  onFrame?: (frame: ServerFrame) => void;
  onStateChange?: (state: LiveState, error: string | null) => void;
}

/** The live channel's URL on the page's own host: wss under https, else ws. */
export function liveUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
}

/**
 * The browser's end of `/ws` (product spec section 4): asks for system info on connect; on an
 * unexpected close retries 5 times, 3 s apart (the spec), then keeps trying with a doubling delay
 * (up to a minute) and at once when the browser comes back online or the page becomes visible;
 * a successful open resets the count; a manual disconnect cancels the pending retry and stops.
 */
export class LiveSocket {
  private socket: WebSocket | null = null;
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private manual = false;
  private readonly wake = () => this.retryNow();
  private readonly wakeWhenVisible = () => {
    if (document.visibilityState === "visible") this.retryNow();
  };
  state: LiveState = "disconnected";
  error: string | null = null;

  constructor(private readonly options: LiveSocketOptions) {}

  connect(): void {
    this.manual = false;
    this.retries = 0;
    if (typeof window !== "undefined") {
      window.addEventListener("online", this.wake);
      document.addEventListener("visibilitychange", this.wakeWhenVisible);
    }
    this.open();
  }

  /** Tries again now (the browser is back online, the page visible, or the person asked). */
  retryNow(): void {
    if (this.manual || this.state !== "disconnected") return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.open();
  }

  disconnect(): void {
    this.manual = true;
    if (typeof window !== "undefined") {
      window.removeEventListener("online", this.wake);
      document.removeEventListener("visibilitychange", this.wakeWhenVisible);
    }
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.socket?.close(1000, "Disconnected");
    this.socket = null;
    this.setState("disconnected", this.error);
  }

  /** Whether a reconnect attempt is scheduled (always, until a manual disconnect). */
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
        frame = serverFrameSchema.parse(JSON.parse(String(event.data)));
      } catch (err) {
        // Not JSON, or not a frame of the contract: logged and skipped (spec, section 8).
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
    if (this.manual || this.retryTimer) return;
    const attempts = this.options.attempts ?? RECONNECT_ATTEMPTS;
    const delay = this.options.delayMs ?? RECONNECT_DELAY_MS;
    const beyond = this.retries - attempts;
    this.retries += 1;
    const wait =
      beyond < 0 ? delay : Math.min(delay * 2 ** (beyond + 1), this.options.backoffMaxMs ?? 60_000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.manual) this.open();
    }, wait);
  }

  private setState(state: LiveState, error: string | null): void {
    this.state = state;
    this.error = error;
    this.options.onStateChange?.(state, error);
  }
}
