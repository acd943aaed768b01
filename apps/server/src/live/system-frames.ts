import { runtimeInfo } from "../system/runtime-info";
import type { FrameRouter } from "./frame-router";

export interface ModuleStatusSource {
  list(userId: string): Promise<unknown[]>;
}

/** `system_info`: the browser asks on connect; the answer goes to that socket only. */
export function registerSystemFrames(router: FrameRouter, modules: ModuleStatusSource): void {
  router.on("system_info", async (ctx) => {
    const [terminalInfo, list] = await Promise.all([runtimeInfo(), modules.list(ctx.user.id)]);
    ctx.send({ type: "system_info", terminalInfo, modules: list });
  });
}
