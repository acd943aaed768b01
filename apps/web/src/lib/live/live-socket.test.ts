import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { LiveSocket, liveUrl } from "./live-socket";

const Impl = WebSocket as unknown as typeof globalThis.WebSocket;
const servers: WebSocketServer[] = [];

async function server(port = 0): Promise<{ wss: WebSocketServer; url: string; received: unknown[] }> {
  const wss = new WebSocketServer({ port, host: "127.0.0.1" });
  await new Promise((r) => wss.once("listening", r));
  servers.push(wss);
  const received: unknown[] = [];
  wss.on("connection", (ws) => ws.on("message", (d) => received.push(JSON.parse(d.toString()))));
  return { wss, url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`, received };
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
};

afterEach(async () => {
  for (const wss of servers.splice(0)) {
    const closed = new Promise((r) => wss.close(r));
    for (const c of wss.clients) c.terminate();
    await closed;
  }
});

describe("LiveSocket", () => {
  it("builds ws/wss URLs on the page's own host", () => {
    expect(liveUrl({ protocol: "https:", host: "neuro.example" })).toBe("wss://neuro.example/ws");
    expect(liveUrl({ protocol: "http:", host: "localhost:8080" })).toBe("ws://localhost:8080/ws");
  });

  it("asks for system info on connect and delivers frames; logs unparseable ones", async () => {
    const { wss, url, received } = await server();
    const frames: unknown[] = [];
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const live = new LiveSocket({ url, WebSocketImpl: Impl, onFrame: (f) => frames.push(f) });
    live.connect();
    await until(() => received.length === 1);
    expect(received[0]).toEqual({ type: "system_info" });
    for (const c of wss.clients) {
      c.send("not json");
      // Outside the contract: a chat message without its stored message, an unknown type.
      c.send(JSON.stringify({ type: "chat_message", sessionId: "s", message: 5 }));
      c.send(JSON.stringify({ type: "launch", sessionId: "s" }));
      c.send(JSON.stringify({ type: "error", code: "x", message: "y" }));
    }
    await until(() => frames.length === 1);
    expect(frames).toEqual([{ type: "error", code: "x", message: "y" }]);
    expect(errors).toHaveBeenCalledTimes(3);
    expect(errors).toHaveBeenCalledWith("Failed to parse WebSocket message", expect.anything());
    expect(live.state).toBe("connected");
    live.disconnect();
    errors.mockRestore();
  });

  it("retries after a drop, resets the count on open, and after the spec's tries keeps trying with backoff", async () => {
    const { wss, url } = await server();
    const port = Number(new URL(url).port);
    const states: { state: string; at: number }[] = [];
    const live = new LiveSocket({
      url,
      WebSocketImpl: Impl,
      delayMs: 50,
      attempts: 3,
      backoffMaxMs: 400,
      onStateChange: (state) => states.push({ state, at: Date.now() }),
    });
    const tries = () => states.filter((s) => s.state === "connecting");
    live.connect();
    await until(() => live.state === "connected");
    for (const c of wss.clients) c.terminate(); // server drops us: reconnects
    await until(() => states.filter((s) => s.state === "connected").length === 2);
    const closed = new Promise((r) => wss.close(r));
    servers.length = 0;
    for (const c of wss.clients) c.terminate();
    await closed;
    // 2 opens + 3 quick retries (the spec's 5 × 3 s, here 3 × 50 ms), then more, further apart.
    await until(() => tries().length >= 8, 5000);
    expect(live.retrying || live.state === "connecting").toBe(true);
    const gaps = tries()
      .slice(2)
      .map((t, i, all) => (i === 0 ? 0 : t.at - (all[i - 1]?.at ?? 0)))
      .slice(1);
    expect(Math.max(...gaps.slice(0, 2))).toBeLessThan(150);
    expect(gaps.at(-1)).toBeGreaterThanOrEqual(350); // backed off, capped at 400 ms
    expect(live.error).toBe("WebSocket connection error");
    await server(port); // back again: found by the next try, without connect()
    await until(() => live.state === "connected", 3000);
    live.disconnect();
  });

  it("tries at once when asked (the browser came back online, the page became visible)", async () => {
    const { wss, url } = await server();
    const port = Number(new URL(url).port);
    const live = new LiveSocket({ url, WebSocketImpl: Impl, delayMs: 60_000 });
    live.connect();
    await until(() => live.state === "connected");
    const closed = new Promise((r) => wss.close(r));
    servers.length = 0;
    for (const c of wss.clients) c.terminate();
    await closed;
    await until(() => live.state === "disconnected");
    await server(port);
    const started = Date.now();
    live.retryNow();
    await until(() => live.state === "connected", 2000);
    expect(Date.now() - started).toBeLessThan(2000); // not the 60 s of the scheduled try
    live.disconnect();
  });

  it("a manual disconnect cancels the pending retry", async () => {
    const { wss, url } = await server();
    const live = new LiveSocket({ url, WebSocketImpl: Impl, delayMs: 100 });
    live.connect();
    await until(() => live.state === "connected");
    for (const c of wss.clients) c.terminate();
    await until(() => live.state === "disconnected");
    live.disconnect();
    await new Promise((r) => setTimeout(r, 250));
    expect(live.state).toBe("disconnected");
    expect(wss.clients.size).toBe(0);
  });
});
