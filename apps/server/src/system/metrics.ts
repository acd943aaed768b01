import type { MetricsSample, ServerFrame } from "@neuroos/contracts";
import type { EventBus } from "../live/bus";
import { liveConnections } from "../live/routes";
import { CpuSampler, systemStats } from "./stats";

/** A sample every 2 s; ten minutes kept. */
export const METRICS_INTERVAL_MS = 2000;
export const METRICS_KEPT = 300;
/** A watcher stops getting samples unless it asks again within this time. */
export const WATCH_MS = 30_000;

/**
 * The server's measurements over the last minutes, for the Analytics monitor: CPU, memory,
 * live connections, requests, sandbox jobs, and model calls and tokens per provider (counts of
 * the whole server; no content). Browsers that watch get each new sample over the live channel.
 */
export class MetricsRecorder {
  private readonly samples: MetricsSample[] = [];
  private readonly cpu = new CpuSampler();
  private readonly watchers = new Map<string, number>();
  private requests = 0;
  private calls: Record<string, number> = {};
  private tokens: Record<string, number> = {};
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly bus: EventBus,
    private readonly runningJobs: () => number,
    private readonly intervalMs = METRICS_INTERVAL_MS,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  countRequest(): void {
    this.requests += 1;
  }

  countModelCall(provider: string, tokens: number): void {
    this.calls[provider] = (this.calls[provider] ?? 0) + 1;
    this.tokens[provider] = (this.tokens[provider] ?? 0) + tokens;
  }

  /** A browser of `userId` watches: it gets the history now, then each new sample. */
  watch(userId: string): MetricsSample[] {
    this.watchers.set(userId, Date.now() + WATCH_MS);
    return [...this.samples];
  }

  /** Takes a sample and sends it to those watching. */
  tick(): MetricsSample {
    const stats = systemStats(this.cpu, liveConnections.count);
    const sample: MetricsSample = {
      at: Date.now(),
      cpu: stats.cpuUsage,
      memoryUsed: stats.memoryUsage.used,
      memoryTotal: stats.memoryUsage.total,
      connections: stats.activeConnections,
      requests: this.requests,
      sandboxJobs: this.runningJobs(),
      modelCalls: this.calls,
      tokens: this.tokens,
    };
    this.requests = 0;
    this.calls = {};
    this.tokens = {};
    this.samples.push(sample);
    if (this.samples.length > METRICS_KEPT) this.samples.shift();
    const now = Date.now();
    const frame: ServerFrame = { type: "system_metrics", samples: [sample] };
    for (const [userId, until] of this.watchers) {
      if (until < now) this.watchers.delete(userId);
      else this.bus.publish(userId, frame);
    }
    return sample;
  }
}
