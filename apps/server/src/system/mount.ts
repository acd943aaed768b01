import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client";
import type { EventBus } from "../live/bus";
import type { FrameRouter } from "../live/frame-router";
import type { ModuleCheck } from "../platform/module-check";
import type { Sandbox } from "../sandbox/runner";
import { registerSystemFrames } from "./frames";
import { MetricsRecorder } from "./metrics";
import { ModuleRegistry } from "./modules";
import { systemRoutes } from "./routes";

/** The Analytics monitor's measurements (requests, sandbox jobs, model calls, machine load), taken while the server runs. */
export function startMetrics(
  app: FastifyInstance,
  bus: EventBus,
  runningJobs: () => number,
): MetricsRecorder {
  const metrics = new MetricsRecorder(bus, runningJobs);
  metrics.start();
  app.addHook("onResponse", async () => metrics.countRequest());
  app.addHook("onClose", async () => metrics.stop());
  return metrics;
}

/** The system panels: the modules' health (from the checks given), stats and versions, over HTTP and the live channel. */
export async function mountSystem(
  app: FastifyInstance,
  deps: {
    database: Database;
    checks: ModuleCheck[];
    frames: FrameRouter;
    sandbox: Sandbox;
    metrics: MetricsRecorder;
  },
): Promise<void> {
  const modules = new ModuleRegistry(deps.checks);
  await app.register(systemRoutes, { database: deps.database, modules });
  registerSystemFrames(deps.frames, modules, deps.sandbox, deps.metrics);
}
