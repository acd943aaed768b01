import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createNodeFetch } from "./http-fetch";

// A server that drops a kept-alive socket when a second request arrives on it (what a provider
// does when it closes an idle connection just as the client reuses it), and answers the first
// request of every socket.
let server: http.Server;
let url = "";
const seen: { socket: number; path: string }[] = [];
beforeAll(async () => {
  const counts = new WeakMap<object, number>();
  let sockets = 0;
  const ids = new WeakMap<object, number>();
  server = http.createServer((req, res) => {
    const n = (counts.get(req.socket) ?? 0) + 1;
    counts.set(req.socket, n);
    if (!ids.has(req.socket)) ids.set(req.socket, ++sockets);
    seen.push({ socket: ids.get(req.socket) ?? 0, path: req.url ?? "" });
    if (n > 1) return void req.socket.destroy();
    res.end("ok");
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

it("sends a request again, once, when the kept-alive socket it reused was closed under it", async () => {
  const { fetch, close } = createNodeFetch();
  try {
    expect(await (await fetch(`${url}/first`, { method: "POST", body: "a" })).text()).toBe("ok");
    expect(await (await fetch(`${url}/second`, { method: "POST", body: "b" })).text()).toBe("ok");
    // The second went out on the reused socket (dropped), then on a new one (answered).
    expect(seen.map((s) => s.path)).toEqual(["/first", "/second", "/second"]);
    expect(new Set(seen.map((s) => s.socket)).size).toBe(2);
  } finally {
    close();
  }
});
