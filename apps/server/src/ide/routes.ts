import { ideRunApi } from "@neuroos/contracts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import type { ExecutionService } from "../executions/service";
import { clientGone } from "../http/client-gone";
import { parse } from "../http/errors";
import { currentUser } from "../http/request-user";
import type { Sandbox } from "../sandbox/runner";
import type { WorkspaceService } from "../workspace/service";
import { programForFile } from "./program";

/**
 * POST /api/ide/run: runs a workspace file in the sandbox (JavaScript and TypeScript bundled
 * with the workspace files they import, Python as itself). Output streams to the IDE as live
 * frames (`app: ide`); the answer is the result. A client that goes away stops the run.
 */
export async function ideRoutes(
  app: FastifyInstance,
  deps: { db: Db; sandbox: Sandbox; executions: ExecutionService; workspaces: WorkspaceService },
): Promise<void> {
  app.addHook("onRequest", requireSession(deps.db));
  app.post(ideRunApi.run.path, async (request, reply) => {
    const input = parse(ideRunApi.run.body, request.body);
    const user = currentUser(request);
    const program = await programForFile(deps.workspaces, user, input.path);
    await deps.sandbox.assertAvailable();
    // A client that goes away cancels its job.
    const signal = clientGone(reply);
    const outcome = await deps.executions.run({
      user,
      sessionId: null,
      app: "ide",
      type: "code_execution",
      language: program.language,
      code: program.code,
      requestId: input.requestId,
      signal,
    });
    return { executionId: outcome.executionId, ...outcome.result };
  });
}
