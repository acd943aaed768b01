import fs from "node:fs";
import os from "node:os";
import type { SystemStats } from "@neuroos/contracts";

function cpuTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.irq + t.idle;
  }
  return { idle, total };
}

/** Bytes of memory in use on the machine: total less what the kernel says is available. */
function usedMemory(): number {
  try {
    const available = /MemAvailable:\s+(\d+) kB/.exec(fs.readFileSync("/proc/meminfo", "utf8"))?.[1];
    if (available) return os.totalmem() - Number(available) * 1024;
  } catch {
    /* not Linux */
  }
  return os.totalmem() - os.freemem();
}

/** Machine CPU use (percent, all cores) measured between consecutive calls, at least 250 ms apart. */
export class CpuSampler {
  private last = { ...cpuTimes(), at: Date.now() };
  private usage = 0;

  sample(): number {
    const now = Date.now();
    if (now - this.last.at >= 250) {
      const current = cpuTimes();
      const total = current.total - this.last.total;
      const idle = current.idle - this.last.idle;
      this.usage = total > 0 ? Math.round(((total - idle) / total) * 1000) / 10 : 0;
      this.last = { ...current, at: now };
    }
    return this.usage;
  }
}

export function systemStats(cpu: CpuSampler, activeConnections: number): SystemStats {
  return {
    cpuUsage: cpu.sample(),
    memoryUsage: { used: usedMemory(), total: os.totalmem(), process: process.memoryUsage().rss },
    activeConnections,
    uptime: Math.round(process.uptime()),
  };
}
