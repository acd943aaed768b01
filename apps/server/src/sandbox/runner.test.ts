import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SANDBOX_UNAVAILABLE_MESSAGE } from "@neuroos/contracts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeWithSandbox, testLimits } from "../test/sandbox-ready";
import { Sandbox, SandboxUnavailableError } from "./runner";

describeWithSandbox("sandbox runner", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-runner-"));
  const workspace = path.join(root, "ws");
  const sandbox = new Sandbox({ bwrap: "bwrap", dataDir: path.join(root, "data"), limits: testLimits });
  beforeAll(() => fs.mkdirSync(workspace));
  afterAll(() => {
    sandbox.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const run = (language: Parameters<Sandbox["run"]>[0]["language"], code: string, extra = {}) =>
    sandbox.run({ language, code, workspace, ...extra });

  it("reports itself healthy with every protection on this host", async () => {
    const health = await sandbox.health();
    expect(health).toMatchObject({
      available: true,
      seccomp: true,
      cgroups: { memory: true, pids: true, cpu: true },
    });
    expect(health.bwrapVersion).toMatch(/^\d+\.\d+/);
  });

  it("runs python, javascript, typescript, bash and sh with exit code and duration", async () => {
    const [py, js, ts, bash, sh] = await Promise.all([
      run(
        "python",
        "import sys\nprint('py', sys.version_info[0])\nprint('oops', file=sys.stderr)\nsys.exit(3)",
      ),
      run("javascript", "console.log('js', typeof require)"),
      run("typescript", "const n: number = 6 * 7;\nconsole.log('ts', n);"),
      run("bash", "echo bash $BASH_VERSINFO $(id -u) $HOME $PWD"),
      run("sh", "echo sh; exit 0"),
    ]);
    expect(py).toMatchObject({ stdout: "py 3\n", stderr: "oops\n", exitCode: 3, limit: null, signal: null });
    expect(js).toMatchObject({ stdout: "js function\n", exitCode: 0 });
    expect(ts).toMatchObject({ stdout: "ts 42\n", exitCode: 0 });
    expect(bash.stdout).toMatch(/^bash \d 1000 \/home\/user \/home\/user\n$/);
    expect(sh).toMatchObject({ stdout: "sh\n", exitCode: 0 });
    expect(py.durationMs).toBeGreaterThan(0);
  });

  it("runs JavaScript and TypeScript as CommonJS or ES modules, as the code says", async () => {
    const [cjs, esm, tla, tsEsm] = await Promise.all([
      run("javascript", "const os = require('node:os'); console.log(typeof os.cpus)"),
      run("javascript", "import os from 'node:os'; console.log(typeof os.cpus)"),
      run("javascript", "console.log(await Promise.resolve('tla'))"),
      run(
        "typescript",
        "import { join } from 'node:path';\nconst p: string = join('a', 'b');\nconsole.log(await Promise.resolve(p));",
      ),
    ]);
    expect([cjs.stdout, esm.stdout, tla.stdout, tsEsm.stdout]).toEqual([
      "function\n",
      "function\n",
      "tla\n",
      "a/b\n",
    ]);
    expect(cjs.stderr + esm.stderr + tla.stderr + tsEsm.stderr).toBe("");
  });

  it("reports a TypeScript syntax error like a failed program", async () => {
    const result = await run("typescript", "const x: = 1;");
    expect(result).toMatchObject({ exitCode: 1, stdout: "" });
    expect(result.stderr).toMatch(/^main\.ts:1:\d+: /);
  });

  it("streams stdout and stderr apart, as they come, and feeds stdin", async () => {
    const chunks: [string, string, number][] = [];
    const started = performance.now();
    const result = await run(
      "python",
      "import sys, time\nprint('a', flush=True)\ntime.sleep(0.4)\nprint('b', file=sys.stderr, flush=True)\nprint(sys.stdin.read().upper())",
      {
        stdin: "hello",
        onOutput: (s: string, text: string) => chunks.push([s, text, performance.now() - started]),
      },
    );
    // Python writes "a" and "\n" apart at times: compare what had arrived when stderr started.
    const firstErr = chunks.findIndex((c) => c[0] === "stderr");
    const before = chunks.slice(0, firstErr);
    expect(before.map((c) => c[1]).join(""), JSON.stringify(chunks)).toBe("a\n");
    expect(before.every((c) => c[0] === "stdout")).toBe(true);
    expect(
      chunks
        .filter((c) => c[0] === "stderr")
        .map((c) => c[1])
        .join(""),
    ).toBe("b\n");
    expect((chunks[firstErr]?.[2] ?? 0) - (chunks[0]?.[2] ?? 0)).toBeGreaterThan(300);
    expect(result.stdout).toBe("a\nHELLO\n");
  });

  it("kills a job at once when it is cancelled", async () => {
    const abort = new AbortController();
    const pending = run("bash", "sleep 30", { signal: abort.signal });
    setTimeout(() => abort.abort(), 300);
    const started = performance.now();
    const result = await pending;
    expect(result).toMatchObject({ limit: "cancelled", exitCode: null, signal: "SIGKILL" });
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it("cuts output at the limit with a notice", async () => {
    const result = await run("bash", "yes hello");
    expect(result.limit).toBe("output");
    expect(result.truncated).toBe(true);
    expect(result.stdout).toMatch(
      /hello\n[\s\S]*\[output truncated: the 64 KB output limit was reached and the job was stopped\]\n$/,
    );
    expect(Buffer.byteLength(result.stdout)).toBeLessThan(64 * 1024 + 200);
  });

  it("fails closed with the exact message when bubblewrap is missing", async () => {
    const broken = new Sandbox({ bwrap: "/nonexistent/bwrap", dataDir: root, limits: testLimits });
    const health = await broken.health();
    expect(health.available).toBe(false);
    expect(health.message.startsWith(SANDBOX_UNAVAILABLE_MESSAGE)).toBe(true);
    const attempt = broken.run({ language: "python", code: "print(1)", workspace });
    await expect(attempt).rejects.toBeInstanceOf(SandboxUnavailableError);
    await expect(attempt).rejects.toThrow(SANDBOX_UNAVAILABLE_MESSAGE);
    broken.close();
  });

  it("fails closed when the data directory would be visible inside", async () => {
    const exposed = new Sandbox({ bwrap: "bwrap", dataDir: "/usr/share/neuroos-data", limits: testLimits });
    const health = await exposed.health();
    expect(health).toMatchObject({ available: false });
    expect(health.message).toContain("the data directory lies inside /usr");
    exposed.close();
  });
});
