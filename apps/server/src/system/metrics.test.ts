import type { ServerFrame } from "@neuroos/contracts";
import { afterEach, expect, it, vi } from "vitest";
import { InProcessBus } from "../live/bus";
import { METRICS_KEPT, MetricsRecorder, WATCH_MS } from "./metrics";

afterEach(() => vi.useRealTimers());

it("samples the machine and the interval's counts, and sends each sample to those watching", () => {
  const bus = new InProcessBus();
  let jobs = 2;
  const metrics = new MetricsRecorder(bus, () => jobs);
  const frames: ServerFrame[] = [];
  bus.subscribe("alice", (f) => frames.push(f));
  bus.subscribe("bob", (f) => frames.push({ ...f, type: "error", code: "bob", message: "" }));

  expect(metrics.watch("alice")).toEqual([]);
  metrics.countRequest();
  metrics.countRequest();
  metrics.countModelCall("openai", 120);
  metrics.countModelCall("openai", 30);
  metrics.countModelCall("ollama", 5);
  const first = metrics.tick();
  expect(first).toMatchObject({
    requests: 2,
    sandboxJobs: 2,
    modelCalls: { openai: 2, ollama: 1 },
    tokens: { openai: 150, ollama: 5 },
  });
  expect(first.cpu).toBeGreaterThanOrEqual(0);
  expect(first.memoryUsed).toBeGreaterThan(0);
  expect(first.memoryUsed).toBeLessThanOrEqual(first.memoryTotal);
  // Only the watcher got it; the counts start again.
  expect(frames).toEqual([{ type: "system_metrics", samples: [first] }]);
  jobs = 0;
  expect(metrics.tick()).toMatchObject({ requests: 0, sandboxJobs: 0, modelCalls: {}, tokens: {} });
  expect(metrics.watch("bob")).toHaveLength(2);
});

it("keeps ten minutes of samples, and stops sending to a watcher that did not ask again", () => {
  vi.useFakeTimers();
  const bus = new InProcessBus();
  const metrics = new MetricsRecorder(bus, () => 0);
  const got: ServerFrame[] = [];
  bus.subscribe("carol", (f) => got.push(f));
  metrics.watch("carol");
  for (let i = 0; i < METRICS_KEPT + 5; i++) metrics.tick();
  expect(metrics.watch("dave")).toHaveLength(METRICS_KEPT);
  expect(got).toHaveLength(METRICS_KEPT + 5);
  vi.advanceTimersByTime(WATCH_MS + 1);
  metrics.tick();
  expect(got).toHaveLength(METRICS_KEPT + 5);
});
