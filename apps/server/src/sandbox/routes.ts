import { sandboxRunSchema } from "@neuroos/contracts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { AppError, parse } from "../http/errors";
import type { WorkspaceService } from "../workspace/service";
import type { JobSlots } from "./limiter";
import type { Sandbox } from "./runner";

export interface SandboxRouteDeps {
  db: Db;
  sandbox: Sandbox;
  workspaces: WorkspaceService;
  /** Shared with the console's executions: one user's jobs count together. */
  slots: JobSlots;
  /** SANDBOX_MAX_FILE_MB when set; otherwise the plan's per-file limit applies inside too. */
  maxFileSizeMb?: number;
}

const MB = 1024 * 1024;

/** POST /api/sandbox/run runs code in the user's sandbox; GET /api/sandbox/health says if it can. */
export async function sandboxRoutes(app: FastifyInstance, deps: SandboxRouteDeps): Promise<void> {
  const { slots } = deps;
  app.addHook("onRequest", requireSession(deps.db));

  app.get("/api/sandbox/health", async () => deps.sandbox.health());

  app.post("/api/sandbox/run", async (request, reply) => {
    const input = parse(sandboxRunSchema, request.body);
    const user = request.user;
    if (!user) throw new AppError(401, "unauthorized", "Sign in to continue");
    await deps.sandbox.assertAvailable();
    const release = slots.acquire(user.id);
    // A client that goes away cancels its job.
    const abort = new AbortController();
    const onClose = () => {
      if (!reply.raw.writableFinished) abort.abort();
    };
    reply.raw.once("close", onClose);
    try {
      const workspace = await deps.workspaces.root(user.id);
      const limits = deps.sandbox.limits;
      return await deps.sandbox.run({
        language: input.language,
        code: input.code,
        stdin: input.stdin,
        workspace,
        signal: abort.signal,
        limits: {
          timeoutMs: Math.min(input.timeoutMs ?? limits.timeoutMs, limits.timeoutMs),
          maxFileSizeMb: deps.maxFileSizeMb ?? deps.workspaces.quota(user.plan).maxFileBytes / MB,
        },
      });
    } finally {
      reply.raw.off("close", onClose);
      release();
    }
  });
}
