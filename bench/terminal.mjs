// Terminal over WebSocket, against the built server (npm run build first):
//  - keystroke -> echo: one character sent as a binary frame until the shell's echo of it comes
//    back (then erased), 300 times (BENCH_KEYS): p50 and p95; target p50 <= 20 ms on loopback;
//  - throughput: `yes | head -c 50M` printed in the sandboxed bash, bytes received by the
//    client until the command's end mark; target >= 15 MB/s. (Each "\n" reaches the client as
//    "\r\n", so the wire carries 75 MB for the 50 MB produced; both figures are printed.)
// The kernel's line discipline would do that "\n" -> "\r\n" (ONLCR) one line at a time, which caps
// a PTY at a few MB/s; the server's terminal runs with OPOST off and applies ONLCR itself when the
// program's termios asks for it (apps/server/src/terminal/newlines.ts).
// References measured in the same run, the same `yes | head -c 50M` on a bare node-pty PTY in this
// process (no sandbox, no server, no WebSocket): with the default termios (the kernel's ONLCR, what
// the terminal got before) and with `stty -opost` (the kernel path the server's terminal uses, no
// translation at all); and read from a plain pipe (no PTY at all).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pty from "node-pty";
import WebSocket from "ws";

const root = new URL("..", import.meta.url).pathname;
const keys = Number(process.env.BENCH_KEYS ?? 300);
const MB = 1024 * 1024;

async function startServer(dataDir) {
  const child = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let log = "";
  child.stdout.on("data", (d) => {
    log += d;
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    const url = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(log)?.[1];
    if (url) return { child, url };
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function signIn(url) {
  const user = {
    email: `bench${Date.now()}@example.com`,
    username: `bench${Date.now()}`,
    password: "correct horse battery",
  };
  const post = (p, body) =>
    fetch(`${url}${p}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  await post("/api/auth/signup", user);
  const res = await post("/api/auth/login", { email: user.email, password: user.password });
  return (res.headers.get("set-cookie") ?? "").split(";")[0];
}

/** A connected terminal: waits on output with a predicate, counts received bytes. */
async function connect(url, cookie) {
  const socket = new WebSocket(`${url.replace("http", "ws")}/api/terminal/ws?cols=120&rows=40`, {
    headers: { cookie, origin: url },
  });
  const term = { socket, text: "", bytes: 0, waiter: null };
  socket.on("message", (data, isBinary) => {
    if (!isBinary) return;
    term.bytes += data.length;
    term.text = (term.text + data.toString("latin1")).slice(-4096);
    if (term.waiter?.test(term.text)) {
      const w = term.waiter;
      term.waiter = null;
      w.resolve();
    }
  });
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  term.until = (test) =>
    new Promise((resolve) => {
      if (test(term.text)) return resolve();
      term.waiter = { test, resolve };
    });
  await term.until((t) => t.includes("$ "));
  return term;
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function pipeThroughput() {
  const started = performance.now();
  const child = spawn("sh", ["-c", "yes | head -c 50M"], { stdio: ["ignore", "pipe", "inherit"] });
  child.stdout.on("data", () => {});
  await new Promise((r) => child.on("close", r));
  return 50 / ((performance.now() - started) / 1000);
}

async function barePtyThroughput(setup = "") {
  const started = performance.now();
  const term = pty.spawn("/bin/sh", ["-c", `${setup}yes | head -c 50M`], {
    cols: 120,
    rows: 40,
    encoding: null,
  });
  term.onData(() => {});
  await new Promise((r) => term.onExit(r));
  return 50 / ((performance.now() - started) / 1000);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "neuroos-bench-term-"));
const { child, url } = await startServer(dataDir);
try {
  const cookie = await signIn(url);
  const term = await connect(url, cookie);

  // Keystroke -> echo.
  const latencies = [];
  for (let i = 0; i < keys + 10; i += 1) {
    term.text = "";
    const started = performance.now();
    term.socket.send(Buffer.from("x"), { binary: true });
    await term.until((t) => t.includes("x"));
    if (i >= 10) latencies.push(performance.now() - started);
    term.text = "";
    term.socket.send(Buffer.from("\x7f"), { binary: true }); // erase it again
    await term.until((t) => t.includes("\b"));
  }

  // Throughput of `yes | head -c 50M` to the connected client.
  const throughput = async (command, mark) => {
    term.text = "";
    const before = term.bytes;
    const started = performance.now();
    term.socket.send(Buffer.from(`${command}; echo END$((${mark}+1))\n`), { binary: true });
    await term.until((t) => t.includes(`END${mark + 1}`));
    return { seconds: (performance.now() - started) / 1000, wire: (term.bytes - before) / MB };
  };
  const { seconds, wire } = await throughput("yes | head -c 50M", 41);
  // Diagnostic: the same with ONLCR off (as vim sets it): no "\n" -> "\r\n" anywhere, then restored.
  const raw = await throughput("stty -onlcr; yes | head -c 50M; stty onlcr", 51);
  const produced = 50;
  const barePty = await barePtyThroughput();
  const bareNoOpost = await barePtyThroughput("stty -opost; ");
  const pipe = await pipeThroughput();
  term.socket.close();

  const p50 = pct(latencies, 50);
  const p95 = pct(latencies, 95);
  console.log(
    `keystroke -> echo over the WebSocket (${keys} keys): p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms; target p50 <= 20 ms -> ${p50 <= 20 ? "met" : "NOT met"}`,
  );
  console.log(
    `yes | head -c 50M to the client: ${(produced / seconds).toFixed(1)} MB/s produced (${wire.toFixed(1)} MB on the wire, ${(wire / seconds).toFixed(1)} MB/s) in ${seconds.toFixed(2)} s; target >= 15 MB/s -> ${produced / seconds >= 15 ? "met" : "NOT met"}`,
  );
  console.log(
    `diagnostic: the same path with \`stty -onlcr\` (no newline translation at all): ${(produced / raw.seconds).toFixed(1)} MB/s`,
  );
  const rate = produced / seconds;
  console.log(
    `reference: bare node-pty PTY, same command (no sandbox, server or socket), kernel ONLCR: ${barePty.toFixed(1)} MB/s (terminal/reference ${(rate / barePty).toFixed(2)}x); with \`stty -opost\` (no translation): ${bareNoOpost.toFixed(1)} MB/s (terminal/reference ${(rate / bareNoOpost).toFixed(2)}x); plain pipe (no PTY): ${pipe.toFixed(0)} MB/s`,
  );
} finally {
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
