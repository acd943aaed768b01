import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";

/**
 * Newline translation (ONLCR) done by the server instead of the kernel.
 *
 * Why: with OPOST+ONLCR the kernel's line discipline writes every "\n" as its own "\r\n" into
 * the PTY (two pty writes, a lock and a work-queue kick per line): `yes | head -c 50M` caps at
 * about 7-9 MB/s however fast the reader is. Without OPOST the bytes go through in blocks.
 *
 * How it stays correct: the shell starts with `stty -opost ignbrk` (STTY_SETUP), so ONLCR stays
 * set and visible to programs, but the kernel does not apply it. The server reads the slave's
 * real termios (tcgetattr on the master fd reports the slave's settings on Linux; `stty -g` run
 * with the master as stdin) and applies ONLCR itself only when it is meant (`wantsOnlcr`):
 *  - cooked programs, bash/readline, getpass, Node's raw mode (libuv sets ONLCR and keeps OPOST
 *    as it found it), top (clears IGNBRK, keeps ISIG): ONLCR on -> "\n" becomes "\r\n";
 *  - vim, ncurses programs (`nonl`), tmux clear ONLCR -> bare "\n" passes untouched;
 *  - cfmakeraw()/`stty raw` programs (Go x/term, crossterm, util-linux script, Python >= 3.12
 *    tty.setraw) clear OPOST (already off here) and with it IGNBRK and ISIG. IGNBRK has no effect
 *    on a PTY (a PTY never receives a BREAK), so it serves as the mark that OPOST was not cleared
 *    by the program -> no translation;
 *  - a program that sets OPOST again (less, `stty sane`, `reset`) gets the kernel's own
 *    translation and the server adds none.
 * Known limits: a raw mode that clears OPOST but keeps IGNBRK (Python <= 3.11 tty.setraw, ssh) is
 * the same termios as Node's raw mode, so its bare "\n" gets a "\r"; `stty -opost` alone is not
 * seen; `stty -a` shows "-opost ignbrk"; the kernel no longer tracks the output column, so erasing
 * a TAB typed in canonical input after a prompt not ending on a multiple of 8 moves back too far.
 * Ordering: output is translated with a termios read started *after* it arrived. Programs switch
 * modes before drawing, so the output of vim & co. is never rewritten; only bytes whose mode changed
 * again before the read can be off (a raw program's last bytes just before it restores the shell's
 * mode get a "\r" too many; a cooked "\n" just before a switch to raw loses its "\r").
 * Output without "\n" (keystroke echo) never waits.
 */

/** Run in the sandbox before bash (the kernel then leaves "\n" alone; see above). */
export const STTY_SETUP = "stty -opost ignbrk 2>/dev/null";

const IGNBRK = 0o1; // c_iflag
const OPOST = 0o1; // c_oflag
const ONLCR = 0o4; // c_oflag
const ISIG = 0o1; // c_lflag

/** From `stty -g` (iflag:oflag:cflag:lflag:... in hex): should the server turn "\n" into "\r\n"? */
export function wantsOnlcr(sttyG: string): boolean {
  const [iflag, oflag, , lflag] = sttyG
    .trim()
    .split(":")
    .slice(0, 4)
    .map((f) => Number.parseInt(f, 16));
  if (iflag === undefined || oflag === undefined || lflag === undefined) return false;
  if ([iflag, oflag, lflag].some(Number.isNaN)) return false;
  if (oflag & OPOST) return false; // the kernel does the output processing itself
  if (!(oflag & ONLCR)) return false; // the program asked for bare "\n" (vim, ncurses, tmux)
  return (iflag & IGNBRK) !== 0 || (lflag & ISIG) !== 0; // cfmakeraw clears both
}

/** Every "\n" as "\r\n" (what ONLCR does: also a "\n" already preceded by "\r"). */
export function crlf(data: Buffer): Buffer {
  const n = data.length;
  let count = 0;
  for (let i = 0; i < n; i += 1) if (data[i] === 10) count += 1;
  if (count === 0) return data;
  const out = Buffer.allocUnsafe(n + count);
  let o = 0;
  if (count * 32 < n) {
    // Long lines: copy the runs between newlines.
    let start = 0;
    for (let i = data.indexOf(10); i !== -1; i = data.indexOf(10, i + 1)) {
      o += data.copy(out, o, start, i);
      out[o++] = 13;
      out[o++] = 10;
      start = i + 1;
    }
    data.copy(out, o, start);
    return out;
  }
  for (let i = 0; i < n; i += 1) {
    const b = data[i] as number;
    if (b === 10) out[o++] = 13;
    out[o++] = b;
  }
  return out;
}

/** Reads the termios of the PTY whose master is `fd`: one small shell per terminal, one `stty -g` per read. */
export class TermiosProbe {
  private readonly child: ChildProcessWithoutNullStreams | null;
  private readonly waiting: ((line: string | null) => void)[] = [];
  private buffered = "";
  private closed = false;

  constructor(fd: number) {
    let child: ChildProcessWithoutNullStreams | null = null;
    try {
      child = spawn("/bin/sh", ["-c", "while read -r _; do stty -g <&3 2>/dev/null || echo -; done"], {
        stdio: ["pipe", "pipe", "ignore", fd],
        env: { PATH: "/usr/local/bin:/usr/bin:/bin" },
      }) as unknown as ChildProcessWithoutNullStreams;
    } catch {
      child = null;
    }
    this.child = child;
    if (!child) return;
    child.stdout.setEncoding("latin1");
    child.stdout.on("data", (text: string) => {
      this.buffered += text;
      for (let i = this.buffered.indexOf("\n"); i !== -1; i = this.buffered.indexOf("\n")) {
        const line = this.buffered.slice(0, i);
        this.buffered = this.buffered.slice(i + 1);
        this.waiting.shift()?.(line === "-" ? null : line);
      }
    });
    child.stdin.on("error", () => {});
    child.on("error", () => this.close());
    child.on("exit", () => this.close());
  }

  /** `stty -g` of the slave now, or null when it cannot be read. */
  read(): Promise<string | null> {
    const child = this.child;
    if (this.closed || !child) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      child.stdin.write("\n");
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const w of this.waiting.splice(0)) w(null);
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      this.child.stdin.end();
      this.child.kill("SIGKILL");
    }
  }
}

/** Between two termios reads during steady output (each read forks one `stty`). */
const MIN_READ_INTERVAL_MS = 10;

/**
 * Puts PTY output in order through the translation: a chunk with a "\n" waits for a termios read
 * started after it arrived; chunks behind it wait too (order is kept); anything else passes at once.
 */
export class NewlineTranslator {
  private covered: Buffer[] = [];
  private waiting: Buffer[] = [];
  private reading = false;
  private timer: NodeJS.Timeout | undefined;
  private lastRead = 0;
  private translate = false;
  private closed = false;
  /** Bytes held back (for flow control). */
  heldBytes = 0;

  constructor(
    private readonly probe: Pick<TermiosProbe, "read" | "close">,
    private readonly emit: (data: Buffer) => void,
  ) {}

  push(data: Buffer): void {
    if (this.closed) {
      this.emit(this.translate ? crlf(data) : data);
      return;
    }
    if (!this.reading && this.waiting.length === 0 && data.indexOf(10) === -1) {
      this.emit(data);
      return;
    }
    this.waiting.push(data);
    this.heldBytes += data.length;
    this.schedule();
  }

  /** Emits everything held with the last mode read (the terminal ended); stops reading. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    this.release([...this.covered.splice(0), ...this.waiting.splice(0)]);
    this.probe.close();
  }

  private schedule(): void {
    if (this.reading || this.timer || this.closed) return;
    const wait = this.lastRead + MIN_READ_INTERVAL_MS - Date.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.read();
      }, wait);
      return;
    }
    this.read();
  }

  private read(): void {
    if (this.closed || this.waiting.length === 0) return;
    this.covered = this.waiting;
    this.waiting = [];
    this.reading = true;
    this.lastRead = Date.now();
    void this.probe.read().then((termios) => {
      if (this.closed) return;
      if (termios !== null) this.translate = wantsOnlcr(termios);
      this.reading = false;
      this.release(this.covered.splice(0));
      if (this.waiting.length > 0) this.schedule();
    });
  }

  private release(chunks: Buffer[]): void {
    if (chunks.length === 0) return;
    const data = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
    this.heldBytes -= data.length;
    this.emit(this.translate ? crlf(data) : data);
  }
}
