import { serverFrameSchema } from "@neuroos/contracts";
import type { FastifyInstance } from "fastify";
import WebSocket from "ws";

/**
 * A real WebSocket client on the live channel of an app listening on a real port. Every frame
 * is checked against the contract (serverFrameSchema): `next` fails once one does not hold.
 */
export class LiveClient {
  readonly frames: Record<string, unknown>[] = [];
  readonly refused: string[] = [];
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const frame = JSON.parse(data.toString());
      const checked = serverFrameSchema.safeParse(frame);
      if (!checked.success)
        this.refused.push(`${JSON.stringify(frame).slice(0, 300)}: ${checked.error.issues[0]?.message}`);
      this.frames.push(frame);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async connect(url: string, headers: Record<string, string>): Promise<LiveClient> {
    const socket = new WebSocket(url, { headers });
    // Listening from the start: frames the server sends on connect arrive with the handshake.
    const client = new LiveClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
      socket.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
    return client;
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /** The first received frame (from the start) matching `predicate`, waiting up to `ms`. */
  async next(
    predicate: (f: Record<string, unknown>) => boolean,
    ms = 5000,
  ): Promise<Record<string, unknown>> {
    const deadline = Date.now() + ms;
    for (;;) {
      if (this.refused.length > 0) throw new Error(`frame outside the contract: ${this.refused[0]}`);
      const found = this.frames.find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame; got ${JSON.stringify(this.frames).slice(0, 500)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  closed(): Promise<{ code: number; reason: string }> {
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) return resolve({ code: 1006, reason: "" });
      this.socket.once("close", (code, reason) => resolve({ code, reason: reason.toString() }));
    });
  }
}

/** Listens on a free loopback port; returns the ws:// base and the matching Origin. */
export async function listen(app: FastifyInstance): Promise<{ wsUrl: string; origin: string }> {
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return { wsUrl: `${address.replace("http", "ws")}/ws`, origin: address };
}
