// Sandbox start-up cost: median over 50 runs (BENCH_RUNS) of `python3 -c pass` and `node -e 0`,
// bare (spawned directly) and through the sandbox runner (apps/server/src/sandbox), which adds
// the sh prelude (cgroups, rlimits, seccomp), bubblewrap's namespaces and mounts, and passing
// the program in. Prints both medians, the ratio and the milliseconds added.
// Target (issue 5): the sandbox adds at most 15 ms at the median.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { tsImport } from "tsx/esm/api";

const runs = Number(process.env.BENCH_RUNS ?? 50);
const { Sandbox } = await tsImport("../apps/server/src/sandbox/runner.ts", import.meta.url);

const root = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-bench-"));
const workspace = path.join(root, "ws");
fs.mkdirSync(workspace);
const sandbox = new Sandbox({
  bwrap: process.env.SANDBOX_BWRAP ?? "bwrap",
  dataDir: path.join(root, "data"),
  limits: {
    timeoutMs: 30_000,
    cpuSeconds: 30,
    memoryMb: 512,
    maxProcesses: 64,
    maxFileSizeMb: 10,
    outputBytes: 1024 * 1024,
    tmpMb: 64,
  },
});

function bare(command, args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { env: { PATH: "/usr/bin:/bin" }, stdio: "ignore" });
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`${command} exited ${code}`)),
    );
  });
}

async function sandboxed(language, code) {
  const started = performance.now();
  const result = await sandbox.run({ language, code, workspace });
  if (result.exitCode !== 0) throw new Error(`sandboxed ${language} failed: ${JSON.stringify(result)}`);
  return performance.now() - started;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

const health = await sandbox.health();
if (!health.available) {
  console.error(health.message);
  process.exit(1);
}
console.log(
  `sandbox: bubblewrap ${health.bwrapVersion}, seccomp ${health.seccomp ? "on" : "off"}, cgroups memory ${health.cgroups.memory ? "on" : "off"} pids ${health.cgroups.pids ? "on" : "off"}; ${runs} runs each, interleaved, after 3 warm-up runs`,
);

const cases = [
  {
    name: "python3 -c pass",
    bare: () => bare("/usr/bin/python3", ["-c", "pass"]),
    boxed: () => sandboxed("python", "pass"),
  },
  {
    name: "node -e 0",
    bare: () => bare(process.execPath, ["-e", "0"]),
    boxed: () => sandboxed("javascript", "0"),
  },
];
let worst = 0;
for (const c of cases) {
  for (let i = 0; i < 3; i += 1) {
    await c.bare();
    await c.boxed();
  }
  const b = [];
  const s = [];
  for (let i = 0; i < runs; i += 1) {
    b.push(await c.bare());
    s.push(await c.boxed());
  }
  const mb = median(b);
  const ms = median(s);
  worst = Math.max(worst, ms - mb);
  console.log(
    `${c.name.padEnd(16)} bare ${mb.toFixed(1)} ms | sandboxed ${ms.toFixed(1)} ms | ratio ${(ms / mb).toFixed(2)}x | added ${(ms - mb).toFixed(1)} ms (median)`,
  );
}
console.log(
  `target: sandbox start adds <= 15 ms at the median -> ${worst <= 15 ? "met" : "NOT met"} (worst ${worst.toFixed(1)} ms)`,
);
sandbox.close();
fs.rmSync(root, { recursive: true, force: true });
