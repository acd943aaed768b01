import type { SystemModule } from "@neuroos/contracts";
import type { FrameRouter } from "../live/frame-router";
import type { Sandbox } from "../sandbox/runner";
import type { MetricsRecorder } from "./metrics";
import { runtimeInfo } from "./runtime-info";

export interface ModuleStatusSource {
  list(userId: string): Promise<SystemModule[]>;
}

/** `system_info`: the browser asks on connect; the answer goes to that socket only. */
export function registerSystemFrames(
  router: FrameRouter,
  modules: ModuleStatusSource,
  sandbox: Sandbox,
  metrics: MetricsRecorder,
): void {
  /** `metrics_watch`: the samples so far to this socket; new ones follow to the user's browsers. */
  router.on("metrics_watch", async (ctx) => {
    ctx.send({ type: "system_metrics", samples: metrics.watch(ctx.user.id) });
  });
  router.on("system_info", async (ctx) => {
    const [terminalInfo, list] = await Promise.all([runtimeInfo(sandbox), modules.list(ctx.user.id)]);
    ctx.send({ type: "system_info", terminalInfo, modules: list });
  });
}
