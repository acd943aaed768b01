import fs from "node:fs";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { providerEnv, SERVER_KEYS } from "./testing/helpers";
import { ProviderTestServer } from "./testing/provider-server";

const USER_KEY = "sk-user-never-logged-0123456789ABCDEF";

describeEachDatabase("API keys and the log", (db) => {
  let server: ProviderTestServer;
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await ProviderTestServer.start();
    // Capture what pino writes to stdout (sonic-boom writes with fs.write / fs.writeSync on fd 1).
    const size = (data: unknown) =>
      typeof data === "string" ? Buffer.byteLength(data) : (data as Buffer).length;
    const originalSync = fs.writeSync.bind(fs);
    vi.spyOn(fs, "writeSync").mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
      if (fd !== 1) return (originalSync as (...a: unknown[]) => number)(fd, data, ...rest);
      lines.push(String(data));
      return size(data);
    }) as typeof fs.writeSync);
    const original = fs.write.bind(fs);
    vi.spyOn(fs, "write").mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
      if (fd !== 1) return (original as (...a: unknown[]) => void)(fd, data, ...rest);
      lines.push(String(data));
      const callback = rest.find((r) => typeof r === "function") as
        | ((e: null, n: number) => void)
        | undefined;
      process.nextTick(() => callback?.(null, size(data)));
    }) as typeof fs.write);
    t = await buildTestApp(db(), providerEnv(server, { LOG_LEVEL: "debug" }));
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.app.close();
    await server.close();
  });

  it("never writes a key to the log, whatever happens", async () => {
    const who = await signedInUser(t.app);
    const call = (method: "PUT" | "POST" | "GET", url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
    await call("PUT", "/api/settings", {
      providers: { openai: { apiKey: USER_KEY }, anthropic: { apiKey: `${USER_KEY}-b` } },
    });
    await call("GET", "/api/settings");
    server.script({ kind: "error", status: 401 }, { kind: "error", status: 500 }, { kind: "cut", after: 1 });
    const messages = [{ role: "user", content: "hi" }];
    await call("POST", "/api/llm/chat", { messages, config: { provider: "openai" } });
    await call("POST", "/api/llm/chat", { messages, config: { provider: "anthropic" } });
    await call("POST", "/api/llm/chat/stream", { messages, config: { provider: "huggingface" } });
    server.listingStatus = 401;
    await call("GET", "/api/llm/providers/openai/status?refresh=1");
    const log = lines.join("");
    expect(log).toContain("model call failed");
    expect(log).toContain("llm_invalid_key");
    for (const secret of [USER_KEY, ...Object.values(SERVER_KEYS)]) expect(log).not.toContain(secret);
  });
});
