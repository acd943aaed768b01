import type { SystemModule } from "@neuroos/contracts";
import type { ModuleCheck } from "../platform/module-check";

/** Runs every module's check, sharing results for `ttlMs` so a busy console does not hammer them. */
export class ModuleRegistry {
  private readonly cache = new Map<string, { at: number; modules: Promise<SystemModule[]> }>();

  constructor(
    private readonly checks: ModuleCheck[],
    private readonly ttlMs = 10_000,
  ) {}

  list(userId: string): Promise<SystemModule[]> {
    const now = Date.now();
    const hit = this.cache.get(userId);
    if (hit && now - hit.at < this.ttlMs) return hit.modules;
    const modules = Promise.all(this.checks.map((c) => this.run(c, userId)));
    this.cache.set(userId, { at: now, modules });
    if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value as string);
    return modules;
  }

  private async run(module: ModuleCheck, userId: string): Promise<SystemModule> {
    const result = await module.check(userId).catch((err: Error) => ({
      status: "error" as const,
      description: `Health check failed: ${err.message}`,
    }));
    return { id: module.id, name: module.name, ...result, lastHealthCheck: new Date().toISOString() };
  }
}
