import type { FastifyInstance } from "fastify";
import type { Env } from "../env";
import { sandboxConfig } from "./config";
import { JobSlots } from "./limiter";
import { Sandbox } from "./runner";

/**
 * The one sandbox runner every feature's untrusted work runs in, and this node's job slots (they
 * guard its cores; a person's jobs are counted on every node by the execution service). It closes
 * when the server does, after the features mounted later (onClose hooks run last-added first).
 */
export function mountSandbox(app: FastifyInstance, env: Env): { sandbox: Sandbox; jobSlots: JobSlots } {
  const sandbox = new Sandbox(sandboxConfig(env));
  app.addHook("onClose", async () => sandbox.close());
  return { sandbox, jobSlots: new JobSlots(env.SANDBOX_MAX_JOBS, env.SANDBOX_MAX_JOBS) };
}
