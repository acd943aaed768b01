import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { describeWithSandbox, testLimits } from "../test/sandbox-ready";
import { Cgroups, cgroupRegistryFile } from "./cgroups";
import { Sandbox } from "./runner";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-cgroups-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describeWithSandbox("sandbox cgroups", () => {
  it("removes at boot the groups of a killed server, wherever its own group was", () => {
    const probe = new Cgroups(true);
    if (!probe.support.pids) return expect.fail("this host must offer writable cgroups (root)");
    probe.close();
    // A server that ran in another parent group (each process may get its own), then died.
    const parent = fs.mkdtempSync("/sys/fs/cgroup/pids/neuroos-test-parent-");
    const deadPid = 4_000_000; // above pid_max: never alive
    const base = path.join(parent, `neuroos-${deadPid}`);
    fs.mkdirSync(path.join(base, "job-1-abc"), { recursive: true });
    const registryFile = cgroupRegistryFile(dataDir);
    expect(path.basename(registryFile)).toBe(`sandbox-cgroups-${os.hostname()}.json`); // per host: DATA_DIR may be shared
    fs.writeFileSync(registryFile, JSON.stringify([{ pid: deadPid, start: "1", bases: [base] }]));

    const next = new Cgroups(true, { registryFile });
    expect(fs.existsSync(base)).toBe(false);
    const registered = JSON.parse(fs.readFileSync(registryFile, "utf8"));
    expect(registered).toEqual([expect.objectContaining({ pid: process.pid })]);
    next.close();
    fs.rmdirSync(parent);
  });

  it("gives every sandbox a CPU quota: two busy processes for a second get half a core", async () => {
    const workspace = fs.mkdtempSync(path.join(dataDir, "ws-"));
    const sandbox = new Sandbox({
      bwrap: "bwrap",
      dataDir: path.join(dataDir, "data"),
      limits: testLimits,
      cpuCores: 0.5,
    });
    const code = [
      "import os, time, resource",
      "pids = []",
      "for _ in range(2):",
      "    pid = os.fork()",
      "    if pid == 0:",
      "        end = time.time() + 1.0",
      "        while time.time() < end: pass",
      "        os._exit(0)",
      "    pids.append(pid)",
      "for p in pids: os.waitpid(p, 0)",
      "r = resource.getrusage(resource.RUSAGE_CHILDREN)",
      "print(round(r.ru_utime + r.ru_stime, 3))",
    ].join("\n");
    const result = await sandbox.run({ language: "python", code, workspace });
    sandbox.close();
    expect(result.exitCode, result.stderr).toBe(0);
    // 2 s of CPU without a quota; half a core for one second of wall time is about 0.5 s.
    expect(Number(result.stdout)).toBeLessThan(0.75);
    expect(Number(result.stdout)).toBeGreaterThan(0.2);
  });
});
