import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer, postJson, type ServerProcess, startServer } from "./test/server-process";
import { buildSignup } from "./test/test-app";

describe("the server process", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-proc-"));
  const started: ServerProcess[] = [];
  const start = async (env: Record<string, string> = {}, wait = true) => {
    const server = await startServer({ DATA_DIR: dataDir, ...env }, wait);
    started.push(server);
    return server;
  };

  beforeAll(() => buildServer());
  afterAll(() => {
    for (const s of started) s.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("stops at boot with one clear line naming a wrong variable", async () => {
    const server = await start({ PORT: "not-a-port" }, false);
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toMatch(/^Invalid configuration: PORT [^\n]+$/);
  });

  it("keeps an acknowledged write across SIGKILL, and refuses a second process on the same data", async () => {
    const first = await start();
    const second = await start({}, false);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`Data directory ${dataDir} is in use by another NeuroOS server`);

    const user = buildSignup({ password: "Sup3r-Secret-Passw0rd" });
    const res = await postJson(`${first.url}/api/auth/signup`, user);
    expect(res.status).toBe(201);
    first.child.kill("SIGKILL");
    await first.exited;

    const restarted = await start();
    const login = await postJson(`${restarted.url}/api/auth/login`, {
      email: user.email,
      password: user.password,
    });
    expect(login.status).toBe(200);
    const token = /neuroos_session=([^;]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1];
    expect(token).toBeTruthy();
    await postJson(`${restarted.url}/api/auth/login`, { email: user.email, password: "wrong-password" });

    // Secrets never reach the log.
    expect(restarted.output() + first.output()).not.toContain(user.password);
    expect(restarted.output()).not.toContain(decodeURIComponent(token ?? "").split(".")[0]);

    // SIGTERM while a request is in flight: it finishes, the process exits 0, the lock goes.
    const late = buildSignup();
    const inFlight = postJson(`${restarted.url}/api/auth/signup`, late);
    await new Promise((r) => setTimeout(r, 15));
    restarted.child.kill("SIGTERM");
    expect((await inFlight).status).toBe(201);
    const code = await restarted.exited;
    if (code !== 0) console.log(restarted.output());
    expect(code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);

    const third = await start();
    const again = await postJson(`${third.url}/api/auth/login`, {
      email: late.email,
      password: late.password,
    });
    expect(again.status).toBe(200);
    third.child.kill("SIGTERM");
    expect(await third.exited).toBe(0);
  }, 90_000); // three boots of a fresh embedded database (initdb, every migration) on a shared 2-core machine
});
