import { expect } from "vitest";
import WebSocket from "ws";

let marks = 0;

/** A terminal client: collects output bytes and JSON frames. */
export class Term {
  output = Buffer.alloc(0);
  frames: Record<string, unknown>[] = [];
  closed: Promise<{ code: number; reason: string }>;
  private wake: (() => void)[] = [];

  constructor(readonly socket: WebSocket) {
    socket.on("message", (data: Buffer, isBinary) => {
      if (isBinary) this.output = Buffer.concat([this.output, data]);
      else this.frames.push(JSON.parse(data.toString()));
      for (const w of this.wake.splice(0)) w();
    });
    this.closed = new Promise((resolve) =>
      socket.once("close", (code, r) => resolve({ code, reason: r.toString() })),
    );
  }

  static open(url: string, headers: Record<string, string>): Promise<Term> {
    const socket = new WebSocket(url, { headers });
    return new Promise((resolve, reject) => {
      socket.once("open", () => resolve(new Term(socket)));
      socket.once("error", reject);
      socket.once("unexpected-response", (_q, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
  }

  async until(test: () => boolean, ms = 8000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!test()) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `timed out; output: ${JSON.stringify(this.output.toString().slice(-500))} frames: ${JSON.stringify(this.frames)}`,
        );
      await new Promise<void>((r) => {
        const timer = setTimeout(r, Math.min(left, 50)); // polls too: not every condition is a frame
        this.wake.push(() => {
          clearTimeout(timer);
          r();
        });
      });
    }
  }

  frame(type: string) {
    return this.until(() => this.frames.some((f) => f.type === type)).then(
      () => this.frames.find((f) => f.type === type) as Record<string, unknown>,
    );
  }

  text(): string {
    return this.output.toString();
  }

  /** Runs a command and waits for what it prints (`expected`), then for its end mark. */
  async run(command: string, expected?: string): Promise<void> {
    marks += 1;
    // The shell echoes the command line: the mark printed is computed, so the echo never matches it.
    const mark = `done-${marks * 1000 + 7}.`;
    this.socket.send(Buffer.from(`${command}\necho done-$((${marks}*1000+7)).\n`), { binary: true });
    await this.until(() => this.text().includes(mark));
    if (expected !== undefined) expect(this.text()).toContain(expected);
  }
}

/** The end mark of the last command `Term.run` sent. */
export const lastMark = (): string => `done-${marks * 1000 + 7}.`;
