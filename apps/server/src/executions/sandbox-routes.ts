import { sandboxApi } from "@neuroos/contracts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { clientGone } from "../http/client-gone";
import { parse } from "../http/errors";
import { currentUser } from "../http/request-user";
import type { Sandbox } from "../sandbox/runner";
import type { ExecutionService } from "./service";

export interface SandboxRouteDeps {
  db: Db;
  sandbox: Sandbox;
  /** The console's execution service: the same job slots, limits and execution log. */
  executions: ExecutionService;
}

/** POST /api/sandbox/run runs code in the user's sandbox; GET /api/sandbox/health says if it can. */
export async function sandboxRoutes(app: FastifyInstance, deps: SandboxRouteDeps): Promise<void> {
  app.addHook("onRequest", requireSession(deps.db));

  app.get(sandboxApi.health.path, async () => deps.sandbox.health());

  app.post(sandboxApi.run.path, async (request, reply) => {
    const input = parse(sandboxApi.run.body, request.body);
    const user = currentUser(request);
    // Refused before a job slot is taken or anything is logged.
    await deps.sandbox.assertAvailable();
    // A client that goes away cancels its job.
    const signal = clientGone(reply);
    const outcome = await deps.executions.run({
      user,
      sessionId: null,
      type: "code_execution",
      language: input.language,
      code: input.code,
      stdin: input.stdin,
      timeoutMs: input.timeoutMs,
      signal,
    });
    return outcome.result;
  });
}
