import type { FileContent, FileListing } from "@neuroos/contracts";
import type { Db } from "../db/client";
import type { ExecutionService } from "../executions/service";
import type { EventBus } from "../live/bus";
import type { FrameRouter } from "../live/frame-router";
import { recordAction } from "../logs/service";
import type { WorkspaceService } from "../workspace/service";
import * as chat from "./service";

/**
 * The console's live frames that act on the workspace: code_execution and terminal_command
 * run in the sandbox (results reach every browser of the user through the bus), file_operation
 * lists or reads a file for the asking socket.
 */
export function registerExecutionFrames(
  router: FrameRouter,
  deps: { db: Db; bus: EventBus; executions: ExecutionService; workspaces: WorkspaceService },
): void {
  const { db, executions, workspaces } = deps;
  /** Starts the job (a refusal is this frame's error) and leaves it running. */
  const runInBackground = async (started: Promise<{ done: Promise<unknown> }>) => {
    const { done } = await started;
    // Failures are sent as execution_error frames and logged.
    done.catch(() => {});
  };

  router.on("code_execution", async (ctx, frame) => {
    await chat.getSession(db, ctx.user.id, frame.sessionId);
    await runInBackground(
      executions.start({
        user: ctx.user,
        sessionId: frame.sessionId,
        language: frame.language,
        code: frame.code,
        type: "code_execution",
        requestId: frame.requestId,
      }),
    );
  });

  router.on("terminal_command", async (ctx, frame) => {
    await chat.getSession(db, ctx.user.id, frame.sessionId);
    await runInBackground(
      executions.start({
        user: ctx.user,
        sessionId: frame.sessionId,
        language: "bash",
        code: frame.command,
        type: "system_command",
        requestId: frame.requestId,
      }),
    );
  });

  router.on("execution_cancel", (ctx, frame) => executions.cancel(ctx.user.id, frame.executionId));

  router.on("file_operation", async (ctx, frame) => {
    const entry = {
      userId: ctx.user.id,
      type: "file_operation",
      command: `${frame.operation} ${frame.path}`,
    } as const;
    const result = await recordAction<FileListing | FileContent>(deps, entry, () =>
      frame.operation === "list"
        ? workspaces.list(ctx.user, frame.path, false)
        : workspaces.read(ctx.user, frame.path),
    );
    ctx.send({ type: "file_operation_result", operation: frame.operation, path: frame.path, result });
  });
}
