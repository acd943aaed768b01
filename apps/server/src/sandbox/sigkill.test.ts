import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { TERMINAL_WS_PATH } from "@neuroos/contracts";
import { afterAll, expect, it } from "vitest";
import WebSocket from "ws";
import { processesWith } from "../test/processes";
import { describeWithSandbox } from "../test/sandbox-ready";
import { buildSignup } from "../test/test-app";
import { releaseVolumesUnder } from "../workspace/volumes";
import { Cgroups } from "./cgroups";

async function until<T>(get: () => T | undefined | false, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = get();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describeWithSandbox("a server killed with SIGKILL", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-sigkill-"));
  afterAll(async () => {
    await releaseVolumesUnder(dataDir); // the killed server's workspace volumes stay mounted
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("leaves no sandboxed process (job or terminal) running, and its cgroups are reclaimed", async () => {
    const server = spawn(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "sigkill-fixture.ts"), dataDir],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    server.stdout?.on("data", (d) => {
      out += d;
    });
    const url = await until(() => /LISTENING (\S+)/.exec(out)?.[1], 30_000, "the server");
    const body = buildSignup();
    await fetch(`${url}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const login = await fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: body.email, password: body.password }),
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const marker = `${process.pid}${Date.now() % 1000}`;
    // A job and a terminal, both sleeping with a marker we can find on the host.
    void fetch(`${url}/api/sandbox/run`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ language: "bash", code: `sleep 9${marker} & sleep 8${marker}` }),
    }).catch(() => {});
    const socket = new WebSocket(`${url.replace("http", "ws")}${TERMINAL_WS_PATH}`, {
      headers: { cookie, origin: url },
    });
    socket.on("error", () => {});
    await new Promise((resolve) => socket.once("open", resolve));
    socket.send(Buffer.from(`sleep 7${marker}\n`), { binary: true });
    await until(
      () => ["9", "8", "7"].every((p) => processesWith(`${p}${marker}`).length > 0),
      15_000,
      "the sandboxed processes",
    );

    server.kill("SIGKILL");
    await new Promise((resolve) => server.once("exit", resolve));
    await until(() => processesWith(marker).length === 0, 5000, "the sandboxed processes to die").catch(
      () => {},
    );
    expect(processesWith(marker)).toEqual([]);

    // The next server removes the dead one's cgroups.
    const stale = fs.readFileSync("/proc/self/cgroup", "utf8").includes("pids")
      ? `neuroos-${server.pid}`
      : null;
    new Cgroups().close();
    if (stale) expect(fs.existsSync(path.join("/sys/fs/cgroup/pids", stale))).toBe(false);
  });
});
