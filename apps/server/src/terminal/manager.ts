import { randomBytes } from "node:crypto";
import type { WebSocket } from "@fastify/websocket";
import {
  TERMINAL_CLOSE_REPLACED,
  TERMINAL_REPLAY_BYTES,
  type TerminalExitReason,
  type TerminalServerFrame,
} from "@neuroos/contracts";
import * as pty from "node-pty";
import type { LiveWork } from "../cluster/live-work";
import type { HeldWork } from "../cluster/node-work";
import { AppError } from "../http/errors";
import type { Sandbox, SandboxLimits } from "../sandbox/runner";
import { NewlineTranslator, STTY_SETUP, TermiosProbe } from "./newlines";

/** Output waiting in the socket beyond this pauses the shell; below LOW it resumes. */
const HIGH_WATER = 1024 * 1024;
const LOW_WATER = 256 * 1024;
/** The same for output held for its termios read (steady output waits one read, ~10-20 ms). */
const HELD_HIGH_WATER = 4 * 1024 * 1024;
const HELD_LOW_WATER = 1024 * 1024;

export interface TerminalOptions {
  idleTimeoutMs: number;
  reattachMs: number;
  perUser: number;
}

/** Quiet after a command (or its output) this long: its writes are looked for. */
const SETTLE_MS = 400;
/** Looks for writes at most this often (each look walks the workspace). */
const LOOK_GAP_MS = 2000;

function sendFrame(socket: WebSocket | null, frame: TerminalServerFrame): void {
  if (socket && socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

/** One bash on a PTY inside the user's sandbox; outlives its socket for `reattachMs`. */
export class TerminalSession {
  private socket: WebSocket | null = null;
  private readonly replay: Buffer[] = [];
  private replayBytes = 0;
  private pending = 0;
  private queue: Buffer[] = [];
  private lastActivity = Date.now();
  private paused = false;
  private idleTimer: NodeJS.Timeout | undefined;
  private detachTimer: NodeJS.Timeout | undefined;
  private reason: TerminalExitReason | null = null;
  /** "\n" -> "\r\n" when the program's termios asks for it (the kernel's OPOST is off: newlines.ts). */
  private readonly newlines: NewlineTranslator;
  private ended!: () => void;
  /** Resolves once the shell has exited. */
  readonly done = new Promise<void>((resolve) => {
    this.ended = resolve;
  });
  exited = false;
  /**
   * Since when writes have not been looked for: the first command's Enter, then each look. Output
   * after a look (a command still at work after a pause) leads to another look from there.
   */
  private unlookedSince: number | null = null;
  private lastLook = 0;
  private settleTimer: NodeJS.Timeout | undefined;
  private readonly settledListeners = new Set<(since: number) => void>();

  constructor(
    readonly id: string,
    readonly userId: string,
    private readonly term: pty.IPty,
    private readonly options: TerminalOptions,
    onExit: () => Promise<void>,
  ) {
    this.newlines = new NewlineTranslator(new TermiosProbe((term as pty.IPty & { fd: number }).fd), (data) =>
      this.output(data),
    );
    term.onData((data) => {
      this.touch();
      if (this.unlookedSince !== null) this.settleLater();
      this.newlines.push(data as unknown as Buffer);
      this.updateFlow();
    });
    term.onExit(({ exitCode, signal }) => {
      this.exited = true;
      clearTimeout(this.idleTimer);
      clearTimeout(this.settleTimer);
      clearTimeout(this.detachTimer);
      this.newlines.close(); // what is still held goes out before the exit frame
      this.flush();
      const socket = this.socket;
      sendFrame(socket, { type: "exit", exitCode, signal: signal ?? null, reason: this.reason ?? "exited" });
      socket?.close(1000, "Terminal ended");
      this.socket = null;
      void onExit().finally(() => this.ended());
    });
    this.touch();
  }

  get attached(): boolean {
    return this.socket !== null;
  }

  /** Connects a socket (replacing any other), says `ready`, replays recent output. */
  attach(socket: WebSocket, cols: number, rows: number, reattached: boolean): void {
    clearTimeout(this.detachTimer);
    const previous = this.socket;
    this.socket = socket;
    if (previous && previous !== socket) previous.close(TERMINAL_CLOSE_REPLACED, "Attached elsewhere");
    this.pending = 0;
    this.resume();
    this.resize(cols, rows);
    sendFrame(socket, { type: "ready", terminalId: this.id, reattached, cols, rows });
    if (reattached) for (const chunk of this.replay) socket.send(chunk, { binary: true });
    this.touch();
  }

  /** The socket went away: keep the shell for `reattachMs`, then end it. */
  detach(socket: WebSocket): void {
    if (this.socket !== socket || this.exited) return;
    this.socket = null;
    this.resume();
    this.detachTimer = setTimeout(() => this.kill("detached"), this.options.reattachMs);
  }

  write(data: string | Buffer): void {
    if (this.exited) return;
    this.term.write(data);
    this.touch();
    if (data.includes("\r") || data.includes("\n")) {
      this.unlookedSince ??= Date.now();
      this.settleLater();
    }
  }

  /**
   * Calls `listener` when the terminal goes quiet (no output for SETTLE_MS) after a command was
   * entered or printed more, with the time since which its writes were not looked for.
   */
  onCommandSettled(listener: (since: number) => void): () => void {
    this.settledListeners.add(listener);
    return () => this.settledListeners.delete(listener);
  }

  private settleLater(): void {
    clearTimeout(this.settleTimer);
    const wait = Math.max(SETTLE_MS, this.lastLook + LOOK_GAP_MS - Date.now());
    this.settleTimer = setTimeout(() => {
      const since = this.unlookedSince;
      if (since === null) return;
      this.lastLook = Date.now();
      this.unlookedSince = this.lastLook;
      for (const listener of this.settledListeners) listener(since);
    }, wait);
  }

  resize(cols: number, rows: number): void {
    if (!this.exited) this.term.resize(cols, rows);
  }

  /** Shows the person a line of NeuroOS's own in the terminal, set apart from the shell's output. */
  notice(text: string): void {
    if (!this.exited) this.output(Buffer.from(`\r\n\x1b[33m[NeuroOS] ${text}\x1b[0m\r\n`));
  }

  /** Ends the shell and everything it started (the sandbox's whole process tree). */
  kill(reason: TerminalExitReason): void {
    if (this.exited) return;
    this.reason ??= reason;
    try {
      this.term.kill("SIGKILL");
    } catch {}
  }

  private output(data: Buffer): void {
    this.replay.push(data);
    this.replayBytes += data.length;
    while (this.replayBytes > TERMINAL_REPLAY_BYTES && this.replay.length > 1)
      this.replayBytes -= (this.replay.shift() as Buffer).length;
    this.updateFlow();
    if (!this.socket) return;
    // Reads from a PTY come a few hundred bytes at a time: what arrives in one turn of the
    // event loop leaves as one frame.
    this.queue.push(data);
    if (this.queue.length === 1) setImmediate(() => this.flush());
  }

  private flush(): void {
    const socket = this.socket;
    const chunks = this.queue.splice(0);
    if (!socket || socket.readyState !== socket.OPEN || chunks.length === 0) return;
    const frame = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
    this.pending += frame.length;
    socket.send(frame, { binary: true }, () => {
      if (this.socket !== socket) return;
      this.pending -= frame.length;
      this.updateFlow();
    });
    this.updateFlow();
  }

  /** Pauses the shell while too much output waits (in the socket or for translation). */
  private updateFlow(): void {
    const sending = this.socket ? this.pending : 0;
    const held = this.newlines.heldBytes;
    if (!this.paused && !this.exited && (sending > HIGH_WATER || held > HELD_HIGH_WATER)) {
      this.paused = true;
      this.term.pause();
    } else if (this.paused && sending < LOW_WATER && held < HELD_LOW_WATER) this.resume();
  }

  private resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.term.resume();
  }

  /** Input or output: the terminal is in use. (The idle timer re-arms itself lazily.) */
  private touch(): void {
    this.lastActivity = Date.now();
    this.idleTimer ??= setTimeout(() => this.checkIdle(), this.options.idleTimeoutMs);
  }

  private checkIdle(): void {
    const idle = Date.now() - this.lastActivity;
    if (idle >= this.options.idleTimeoutMs) {
      this.kill("idle");
      return;
    }
    this.idleTimer = setTimeout(() => this.checkIdle(), this.options.idleTimeoutMs - idle);
  }
}

/**
 * Every terminal of this server node, by id; each belongs to one user. `live` records them for the
 * other nodes (a terminal stays on the node that started it) and holds the per-user cap across nodes.
 */
export class TerminalManager {
  private readonly sessions = new Map<string, TerminalSession>();

  constructor(
    private readonly sandbox: Sandbox,
    private readonly live: LiveWork,
    private readonly options: TerminalOptions,
  ) {}

  get count(): number {
    return this.sessions.size;
  }

  /** The user's live terminal with this id on this node, if any (another user's id finds nothing). */
  find(userId: string, id: string | undefined): TerminalSession | undefined {
    const found = id ? this.sessions.get(id) : undefined;
    return found && found.userId === userId && !found.exited ? found : undefined;
  }

  /** Whether the user's terminal `id` runs on another live node (another user's id: false). */
  async onOtherNode(userId: string, id: string): Promise<boolean> {
    const node = await this.live.nodeOf(userId, id);
    return node !== null && node !== this.live.nodeId;
  }

  /** Starts bash in a new sandbox over `workspace`. */
  async open(
    userId: string,
    workspace: string,
    cols: number,
    rows: number,
    limits: Partial<SandboxLimits> = {},
  ): Promise<TerminalSession> {
    const id = randomBytes(12).toString("base64url");
    // Counted with the terminals open on every node before it starts: a burst cannot pass the cap.
    const claim = await this.live.open({
      id,
      userId,
      cap: this.options.perUser,
      stop: () => this.sessions.get(id)?.kill("server_closing"),
    });
    if ("refused" in claim)
      throw new AppError(
        429,
        "rate_limited",
        `You already have ${claim.refused} terminals open; close one first`,
      );
    try {
      return await this.start(id, userId, workspace, cols, rows, limits, claim);
    } catch (err) {
      await claim.release();
      throw err;
    }
  }

  private async start(
    id: string,
    userId: string,
    workspace: string,
    cols: number,
    rows: number,
    limits: Partial<SandboxLimits>,
    claim: HeldWork,
  ): Promise<TerminalSession> {
    const command = await this.sandbox.command(
      ["/bin/sh", "-c", `${STTY_SETUP}; exec bash -i`],
      workspace,
      { TERM: "xterm-256color", COLORTERM: "truecolor" },
      limits,
    );
    let term: pty.IPty;
    try {
      term = pty.spawn(command.file, command.args, {
        name: "xterm-256color",
        cols,
        rows,
        cwd: "/",
        env: command.env,
        encoding: null,
      });
    } catch (err) {
      await command.release();
      throw err;
    }
    const session = new TerminalSession(id, userId, term, this.options, async () => {
      this.sessions.delete(id);
      try {
        await command.release();
      } finally {
        await claim.release();
      }
    });
    this.sessions.set(id, session);
    return session;
  }

  /** Kills every terminal (the server is closing, or a user's session ended); waits up to 3 s. */
  async closeAll(reason: TerminalExitReason = "server_closing", userId?: string): Promise<void> {
    const ending = [...this.sessions.values()].filter((s) => !userId || s.userId === userId);
    for (const session of ending) session.kill(reason);
    await Promise.race([
      Promise.all(ending.map((s) => s.done)),
      new Promise((resolve) => setTimeout(resolve, 3000).unref()),
    ]);
  }
}
