import {
  TERMINAL_CLOSE_OTHER_NODE,
  TERMINAL_CLOSE_REPLACED,
  TERMINAL_ERROR_OTHER_NODE,
  TERMINAL_WS_PATH,
  type TerminalServerFrame,
  terminalServerFrameSchema,
} from "@neuroos/contracts";

/** The terminal id kept for a reattach after a page reload (the server keeps it for 60 s). */
export const TERMINAL_ID_KEY = "neuroos-terminal-id";

export type ConnectionState =
  | { status: "connecting"; attempt: number }
  | { status: "connected"; terminalId: string; reattached: boolean }
  | { status: "ended"; message: string }
  | { status: "unavailable"; message: string }
  /** The terminal runs on another server node (the load balancer is not sticky): it is still there. */
  | { status: "elsewhere"; message: string }
  | { status: "replaced" };

export interface TerminalSink {
  write(data: Uint8Array | string): void;
  reset(): void;
  size(): { cols: number; rows: number };
}

const MAX_RETRIES = 5;

function savedId(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function saveId(key: string, id: string | null) {
  try {
    if (id) sessionStorage.setItem(key, id);
    else sessionStorage.removeItem(key);
  } catch {
    // Storage may be unavailable (private mode); a reload then opens a new terminal.
  }
}

export function terminalUrl(cols: number, rows: number, id: string | null): string {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams({ cols: String(cols), rows: String(rows) });
  if (id) query.set("id", id);
  return `${scheme}://${window.location.host}${TERMINAL_WS_PATH}?${query}`;
}

const exitMessages: Record<string, string> = {
  exited: "The shell exited",
  idle: "The terminal was closed after being idle",
  detached: "The terminal was closed while disconnected",
  server_closing: "The server is restarting",
  killed: "The terminal was stopped",
  workspace_full: "The terminal was closed: the workspace stayed past its quota. Delete files to make room",
};

/**
 * One terminal WebSocket with reattach: keeps the terminal id in sessionStorage, reconnects
 * (reattaching) when the socket drops, and reports its state.
 */
export class TerminalConnection {
  private socket: WebSocket | null = null;
  private disposed = false;
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private finished = false;

  constructor(
    private readonly sink: TerminalSink,
    private readonly onState: (state: ConnectionState) => void,
    /** Where this terminal's id is kept for a reattach (one key per place a terminal shows). */
    private readonly idKey: string = TERMINAL_ID_KEY,
  ) {}

  /** Opens a socket: reattaches to the saved terminal when there is one. */
  connect(fresh = false) {
    if (this.disposed) return;
    if (fresh) {
      saveId(this.idKey, null);
      this.sink.reset();
    }
    this.finished = false;
    this.closeSocket();
    const { cols, rows } = this.sink.size();
    this.onState({ status: "connecting", attempt: this.retries });
    const socket = new WebSocket(terminalUrl(cols, rows, savedId(this.idKey)));
    socket.binaryType = "arraybuffer";
    this.socket = socket;
    let ready = false;
    let errorMessage: string | null = null;

    socket.onmessage = (event) => {
      if (typeof event.data !== "string") {
        this.sink.write(new Uint8Array(event.data as ArrayBuffer));
        return;
      }
      let frame: TerminalServerFrame;
      try {
        frame = terminalServerFrameSchema.parse(JSON.parse(event.data));
      } catch {
        return;
      }
      if (frame.type === "ready") {
        ready = true;
        this.retries = 0;
        const previous = savedId(this.idKey);
        saveId(this.idKey, frame.terminalId);
        // The server replays the recent output after a reattach: start from a clean screen.
        if (frame.reattached) this.sink.reset();
        else if (previous && previous !== frame.terminalId)
          this.sink.write("\r\n\x1b[33m[The previous terminal had ended; this is a new one]\x1b[0m\r\n");
        this.onState({ status: "connected", terminalId: frame.terminalId, reattached: frame.reattached });
      } else if (frame.type === "exit") {
        this.finished = true;
        saveId(this.idKey, null);
        this.onState({ status: "ended", message: exitMessages[frame.reason] ?? "The terminal ended" });
      } else if (frame.type === "error") {
        errorMessage = frame.message;
        if (!ready) {
          this.finished = true;
          const status = frame.code === TERMINAL_ERROR_OTHER_NODE ? "elsewhere" : "unavailable";
          this.onState({ status, message: frame.message });
        }
      }
    };

    socket.onclose = (event) => {
      if (this.socket !== socket || this.disposed) return;
      this.socket = null;
      if (this.finished) return;
      if (event.code === TERMINAL_CLOSE_OTHER_NODE) {
        const message = errorMessage ?? "This terminal runs on another server node.";
        this.onState({ status: "elsewhere", message });
        return;
      }
      if (event.code === TERMINAL_CLOSE_REPLACED) {
        this.onState({ status: "replaced" });
        return;
      }
      if (event.code === 1008 && !ready) {
        this.onState({
          status: "unavailable",
          message: errorMessage ?? (event.reason || "The terminal is unavailable"),
        });
        return;
      }
      if (this.retries >= MAX_RETRIES) {
        this.onState({
          status: "unavailable",
          message: "The terminal server cannot be reached. Check your connection and try again.",
        });
        return;
      }
      this.retries += 1;
      this.onState({ status: "connecting", attempt: this.retries });
      this.retryTimer = setTimeout(() => this.connect(), Math.min(500 * 2 ** (this.retries - 1), 5000));
    };
  }

  /** Starts over with a new terminal (after the previous one ended). */
  restart() {
    this.retries = 0;
    clearTimeout(this.retryTimer);
    this.connect(true);
  }

  /** Reconnects now, reattaching when possible. */
  retry() {
    this.retries = 0;
    clearTimeout(this.retryTimer);
    this.connect();
  }

  send(data: string) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ type: "input", data }));
  }

  resize(cols: number, rows: number) {
    if (this.socket?.readyState === WebSocket.OPEN)
      this.socket.send(JSON.stringify({ type: "resize", cols, rows }));
  }

  private closeSocket() {
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(1000);
  }

  /** Closes the socket; the server keeps the terminal for a reattach within 60 s. */
  dispose() {
    this.disposed = true;
    clearTimeout(this.retryTimer);
    this.closeSocket();
  }
}
