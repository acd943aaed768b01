import type { ModuleStatus, SystemModule } from "@neuroos/contracts";

/** One live check of a system module; features contribute theirs (LLM Core, Code Interpreter, ...). */
export interface ModuleCheck {
  id: string;
  name: string;
  check(): Promise<{ status: ModuleStatus; description: string }>;
}

/** Runs every module's check, sharing results for `ttlMs` so a busy console does not hammer them. */
export class ModuleRegistry {
  private cache: { at: number; modules: Promise<SystemModule[]> } | undefined;

  constructor(
    private readonly checks: ModuleCheck[],
    private readonly ttlMs = 10_000,
  ) {}

  list(): Promise<SystemModule[]> {
    const now = Date.now();
    if (!this.cache || now - this.cache.at >= this.ttlMs) {
      this.cache = { at: now, modules: Promise.all(this.checks.map((c) => this.run(c))) };
    }
    return this.cache.modules;
  }

  private async run(module: ModuleCheck): Promise<SystemModule> {
    const result = await module.check().catch((err: Error) => ({
      status: "error" as const,
      description: `Health check failed: ${err.message}`,
    }));
    return { id: module.id, name: module.name, ...result, lastHealthCheck: new Date().toISOString() };
  }
}
