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
      c.send(JSON.stringify({ type: "error", code: "x", message: "y" }));
    }
    await until(() => frames.length === 1);
    expect(errors).toHaveBeenCalledWith("Failed to parse WebSocket message", expect.anything());
    expect(live.state).toBe("connected");
    live.disconnect();
    errors.mockRestore();
  });

  it("retries after a drop, resets the count on open, and gives up after the limit", async () => {
    const { wss, url } = await server();
    const port = Number(new URL(url).port);
    const states: string[] = [];
    const live = new LiveSocket({
      url,
      WebSocketImpl: Impl,
      delayMs: 50,
      attempts: 3,
      onStateChange: (s) => states.push(s),
    });
    live.connect();
    await until(() => live.state === "connected");
    for (const c of wss.clients) c.terminate(); // server drops us: reconnects
    await until(() => states.filter((s) => s === "connected").length === 2);
    const closed = new Promise((r) => wss.close(r));
    servers.length = 0;
    for (const c of wss.clients) c.terminate();
    await closed;
    await until(
      () => live.state === "disconnected" && states.filter((s) => s === "connecting").length >= 5,
      5000,
    );
    const connectingAfterGivingUp = states.filter((s) => s === "connecting").length;
    await new Promise((r) => setTimeout(r, 300));
    expect(states.filter((s) => s === "connecting").length).toBe(connectingAfterGivingUp); // 2 + 3 retries, then stops
    expect(connectingAfterGivingUp).toBe(5);
    expect(live.error).toBe("WebSocket connection error");
    expect(live.retrying).toBe(false);
    await server(port); // back again, but retries are used up until connect() is called
    live.connect();
    await until(() => live.state === "connected");
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
