import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { TERMINAL_WS_PATH } from "@neuroos/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { openTestPglite } from "../test/databases";
import { LiveClient } from "../test/live-client";
import { processesWith } from "../test/processes";
import { describeWithSandbox } from "../test/sandbox-ready";
import { lastMark, Term } from "../test/terminal-client";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { crlf, NewlineTranslator, wantsOnlcr } from "./newlines";

async function waitGone(needle: string, ms = 5000): Promise<number[]> {
  const deadline = Date.now() + ms;
  let left = processesWith(needle);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    left = processesWith(needle);
  }
  return left;
}

describe("newline translation", () => {
  // `stty -g` of: the shell's set-up (-opost ignbrk), vim/ncurses (-onlcr), cfmakeraw, less (opost).
  const shell = "2d03:4:bf:8a3b:3:1c:7f:15:4:0:1:0:11:13:1a:0:12:f:17:16:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0";
  const vim = "2503:0:bf:8a32:3:1c:7f:15:4:0:1:0:11:13:1a:0:12:f:17:16:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0";
  const raw = "2800:4:bf:8a30:3:1c:7f:15:4:0:1:0:11:13:1a:0:12:f:17:16:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0";
  const nodeRaw = "2801:4:bf:8a30:3:1c:7f:15:4:0:1:0:11:13:1a:0:12:f:17:16:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0";
  const less = "2d03:5:bf:8a3b:3:1c:7f:15:4:0:1:0:11:13:1a:0:12:f:17:16:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0";

  it("applies ONLCR only where the program's termios means it", () => {
    expect(wantsOnlcr(shell)).toBe(true);
    expect(wantsOnlcr(nodeRaw)).toBe(true);
    expect(wantsOnlcr(vim)).toBe(false);
    expect(wantsOnlcr(raw)).toBe(false);
    expect(wantsOnlcr(less)).toBe(false);
    expect(wantsOnlcr("garbage")).toBe(false);
  });

  it("turns every LF into CRLF, binary-safe", () => {
    expect(crlf(Buffer.from("a\nb\r\n\n")).toString()).toBe("a\r\nb\r\r\n\r\n");
    const bytes = Buffer.from([0xff, 0x0a, 0x00, 0xfe]);
    expect([...crlf(bytes)]).toEqual([0xff, 0x0d, 0x0a, 0x00, 0xfe]);
    const many = Buffer.from("y\n".repeat(1000));
    expect(crlf(many).toString()).toBe("y\r\n".repeat(1000));
    const none = Buffer.from("no newline");
    expect(crlf(none)).toBe(none);
  });

  it("keeps output in order and decides with a termios read made after the output arrived", async () => {
    const out: string[] = [];
    let answer = shell;
    let reads = 0;
    const translator = new NewlineTranslator(
      {
        read: async () => {
          reads += 1;
          await new Promise((r) => setTimeout(r, 5));
          return answer;
        },
        close: () => {},
      },
      (d) => out.push(d.toString()),
    );
    translator.push(Buffer.from("x")); // no newline: straight through, no read
    expect(out).toEqual(["x"]);
    expect(reads).toBe(0);
    translator.push(Buffer.from("a\n"));
    translator.push(Buffer.from("y")); // behind a held chunk: waits for it
    expect(out).toEqual(["x"]);
    await new Promise((r) => setTimeout(r, 50));
    expect(out.join("")).toBe("xa\r\ny");
    answer = vim; // the program switched before writing
    translator.push(Buffer.from("b\nc"));
    await new Promise((r) => setTimeout(r, 50));
    expect(out.join("")).toBe("xa\r\nyb\nc");
    expect(translator.heldBytes).toBe(0);
    answer = shell;
    translator.push(Buffer.from("d\n"));
    translator.close(); // the terminal ended: what is held leaves at once
    expect(out.join("")).toBe("xa\r\nyb\ncd\n");
  });
});

describeWithSandbox("terminal over WebSocket", () => {
  let database: Database;
  let t: TestApp;
  let dataDir: string;
  let base: string;
  let origin: string;
  let cookie: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-term-"));
    database = await openTestPglite();
    t = await buildTestApp(database, {
      DATA_DIR: dataDir,
      TERMINAL_REATTACH_MS: "1500",
      TERMINAL_IDLE_TIMEOUT_MS: "3000",
      TERMINALS_PER_USER: "3",
    });
    cookie = (await signedInUser(t.app)).cookie;
    origin = await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `${origin.replace("http", "ws")}${TERMINAL_WS_PATH}`;
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const open = (query = "", headers: Record<string, string> = { cookie, origin }) =>
    Term.open(`${base}${query}`, headers);

  it("refuses an unauthenticated upgrade and a foreign Origin", async () => {
    await expect(open("", { origin })).rejects.toThrow("HTTP 401");
    await expect(open("", { cookie, origin: "https://evil.example" })).rejects.toThrow("HTTP 403");
    await expect(open("?cols=0", { cookie, origin })).rejects.toThrow("HTTP 400");
  });

  it("tells the live channel which files a command wrote once it goes quiet, also after a pause (an open editor can ask before a save)", async () => {
    const live = await LiveClient.connect(`${origin.replace("http", "ws")}/ws`, { cookie, origin });
    const term = await open();
    await term.frame("ready");
    await term.run("echo from-the-terminal >> ~/src/app.ts; echo appended", "appended");
    const told = await live.next((f) => f.type === "files_changed", 5000);
    expect(told.paths).toContain("/home/user/src/app.ts");

    // A command that writes after a quiet second is looked at again when it prints.
    let seen = live.frames.length;
    const after = (f: Record<string, unknown>) =>
      live.frames.indexOf(f) >= seen && f.type === "files_changed";
    await term.run("sleep 1; echo late > ~/late.txt; echo done-late", "done-late");
    expect((await live.next(after, 8000)).paths).toEqual(["/home/user/late.txt"]);

    // A command that writes nothing tells nothing: the next notice names only the next write.
    seen = live.frames.length;
    await term.run("echo $((40+2))", "42");
    await term.run("echo marker > ~/marker.txt; echo marked", "marked");
    await live.next((f) => after(f) && (f.paths as string[]).includes("/home/user/marker.txt"), 8000);
    expect(live.frames.filter(after).map((f) => f.paths)).toEqual([["/home/user/marker.txt"]]);
    live.socket.close();
    term.socket.send(Buffer.from("exit\n"), { binary: true });
    await term.closed;
  });

  it("runs a real bash in the sandbox: echo, workspace, resize, binary-safe output", async () => {
    const term = await open("?cols=100&rows=30");
    const ready = await term.frame("ready");
    expect(ready).toMatchObject({ reattached: false, cols: 100, rows: 30 });
    await term.run("echo $((6*7))-$(id -u)-$HOME", "42-1000-/home/user");
    await term.run("ls ~/projects", "example.py");
    term.socket.send(JSON.stringify({ type: "resize", cols: 120, rows: 40 }));
    await term.run("stty size", "\r40 120\r\n");
    term.socket.send(
      JSON.stringify({ type: "input", data: "printf '\\xff\\x00\\xfe'; echo $((2+3))bytes\n" }),
    );
    await term.until(() => term.text().includes("5bytes"));
    expect(term.output.includes(Buffer.from([0xff, 0x00, 0xfe]))).toBe(true);
    term.socket.send("not json");
    expect(await term.frame("error")).toMatchObject({ code: "invalid_frame" });
    term.socket.send(JSON.stringify({ type: "ping" }));
    await term.frame("pong");
    term.socket.send(Buffer.from("exit 7\n"), { binary: true });
    expect(await term.frame("exit")).toMatchObject({ exitCode: 7, reason: "exited" });
    expect((await term.closed).code).toBe(1000);
  });

  it("translates newlines as the program's termios asks: cooked, vim-like, raw, Node raw, kernel OPOST", async () => {
    const term = await open();
    await term.frame("ready");
    await term.run("printf 'a\\nb|'", "a\r\nb|");
    // What vim and ncurses do: ONLCR off; a bare LF moves down only.
    await term.run("s=$(stty -g); stty -onlcr -echo; printf 'c\\nd|'; sleep 0.5; stty \"$s\"", "c\nd|");
    // cfmakeraw / stty raw (Go, crossterm, script): no output processing.
    await term.run("s=$(stty -g); stty raw; printf 'e\\nf|'; sleep 0.5; stty \"$s\"", "e\nf|");
    // Node's raw mode keeps OPOST and sets ONLCR: console output still gets CRLF.
    await term.run(
      `node -e 'process.stdin.setRawMode(true); process.stdout.write("g\\nh|"); setTimeout(() => process.exit(), 500)'`,
      "g\r\nh|",
    );
    // A program that turns OPOST back on (less, stty sane) gets the kernel's CRLF, and no second CR.
    await term.run("s=$(stty -g); stty opost; printf 'i\\nj|'; sleep 0.5; stty \"$s\"", "i\r\nj|");
    expect(term.text()).not.toContain("i\r\r\nj|");
    // Programs still see ONLCR set.
    await term.run("stty -a | grep -o -- ' onlcr' | tr -d ' ' | sed 's/^/flag:/'", "flag:onlcr");
    term.socket.send(Buffer.from("exit\n"), { binary: true });
    await term.closed;
  });

  it("reattaches within the window with the recent output, then kills the tree after it", async () => {
    const marker = `${Date.now() % 100000}`;
    const first = await open();
    const { terminalId } = (await first.frame("ready")) as { terminalId: string };
    await first.run(`sleep 7${marker} &`);
    const replayMark = lastMark();
    await first.until(() => processesWith(`7${marker}`).length > 0);
    first.socket.close();
    await first.closed;

    const again = await open(`?id=${terminalId}`);
    expect(await again.frame("ready")).toMatchObject({ terminalId, reattached: true });
    await again.until(() => again.text().includes(replayMark)); // the recent output, replayed
    await again.run("echo still-$((1+1))", "still-2");
    // Another user cannot take it over: the id opens a new terminal for them.
    const other = await signedInUser(t.app);
    const stranger = await open(`?id=${terminalId}`, { cookie: other.cookie, origin });
    expect(await stranger.frame("ready")).toMatchObject({ reattached: false });
    expect((await stranger.frame("ready")).terminalId).not.toBe(terminalId);
    stranger.socket.close();
    // A second socket of the same user takes over; the first is told with 4000.
    const takeover = await open(`?id=${terminalId}`);
    expect((await again.closed).code).toBe(4000);
    takeover.socket.close();
    await takeover.closed;
    expect(await waitGone(`7${marker}`, 6000)).toEqual([]);
  });

  it("closes an idle terminal after the configured timeout", async () => {
    const term = await open();
    await term.frame("ready");
    expect(await term.frame("exit")).toMatchObject({ reason: "idle" });
    expect((await term.closed).code).toBe(1000);
  });

  it("caps the terminals a user may have open", async () => {
    const user = await signedInUser(t.app);
    const headers = { cookie: user.cookie, origin };
    const terms = await Promise.all([open("", headers), open("", headers), open("", headers)]);
    await Promise.all(terms.map((x) => x.frame("ready")));
    const fourth = await open("", headers);
    expect(await fourth.frame("error")).toMatchObject({ code: "rate_limited" });
    expect((await fourth.closed).code).toBe(1008);
    for (const x of terms) x.socket.send(Buffer.from("exit\n"), { binary: true });
    await Promise.all(terms.map((x) => x.closed));
  });

  it("ends the terminal at logout: input sent after it never runs", async () => {
    const user = await signedInUser(t.app);
    const term = await open("", { cookie: user.cookie, origin });
    await term.frame("ready");
    const started = Date.now();
    await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie: user.cookie } });
    term.socket.send(JSON.stringify({ type: "input", data: "echo MARK$((6*7))\n" }));
    expect((await term.closed).code).toBe(1008);
    expect(Date.now() - started).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 300));
    expect(term.output.toString()).not.toContain("MARK42");
  });

  it("holds the cap when many terminals are opened at the same moment", async () => {
    const user = await signedInUser(t.app);
    const headers = { cookie: user.cookie, origin };
    const terms = await Promise.all(Array.from({ length: 12 }, () => open("", headers)));
    const first = await Promise.all(
      terms.map((x) =>
        x.until(() => x.frames.some((f) => f.type === "ready" || f.type === "error")).then(() => x),
      ),
    );
    const ready = first.filter((x) => x.frames.some((f) => f.type === "ready"));
    const refused = first.filter((x) =>
      x.frames.some((f) => f.type === "error" && f.code === "rate_limited"),
    );
    expect([ready.length, refused.length]).toEqual([3, 9]);
    for (const x of ready) x.socket.send(Buffer.from("exit\n"), { binary: true });
    await Promise.all(terms.map((x) => x.closed));
  });
});
