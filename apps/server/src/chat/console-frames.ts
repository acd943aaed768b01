import type { FileContent, FileListing } from "@neuroos/contracts";
import type { Db } from "../db/client";
import type { ExecutionOutcome, ExecutionService } from "../executions/service";
import type { EventBus } from "../live/bus";
import type { FrameRouter } from "../live/frame-router";
import { recordAction } from "../logs/service";
import type { WorkspaceService } from "../workspace/service";
import { assertMessageOf, type RunOfMessage, storeOutput } from "./message-outputs";
import * as chat from "./service";

/**
 * The console's live frames that act on the workspace: code_execution and terminal_command
 * run in the sandbox (results reach every browser of the user through the bus), file_operation
 * lists or reads a file for the asking socket. A run from a message (a reply's code block, an
 * Execute after the last message) is stored with it when it ends, and shown to every browser.
 */
export function registerExecutionFrames(
  router: FrameRouter,
  deps: { db: Db; bus: EventBus; executions: ExecutionService; workspaces: WorkspaceService },
): void {
  const { db, bus, executions, workspaces } = deps;
  /**
   * Starts the job (a refusal is this frame's error) and leaves it running; a run from a message
   * (checked to be one of the session's first) is stored with it when it ends.
   */
  const runInBackground = async (
    userId: string,
    sessionId: string,
    run: RunOfMessage | null,
    started: () => Promise<{ done: Promise<ExecutionOutcome> }>,
  ) => {
    if (run) await assertMessageOf(db, sessionId, run.messageId);
    const { done } = await started();
    done
      .then(async (outcome) => {
        if (!run) return;
        const output = await storeOutput(db, run, outcome);
        bus.publish(userId, { type: "message_output", sessionId, output });
      })
      // Failures are sent as execution_error frames and logged; an output the database could
      // not take (the message was deleted meanwhile) stays in the execution log.
      .catch(() => {});
  };
  const fromMessage = (
    frame: { messageId?: string; block?: number },
    kind: RunOfMessage["kind"],
    language: string,
    input: string,
  ): RunOfMessage | null =>
    frame.messageId
      ? { messageId: frame.messageId, block: frame.block ?? null, kind, language, input }
      : null;

  router.on("code_execution", async (ctx, frame) => {
    await chat.getSession(db, ctx.user.id, frame.sessionId);
    const run = fromMessage(frame, "run", frame.language, frame.code);
    await runInBackground(ctx.user.id, frame.sessionId, run, () =>
      executions.start({
        user: ctx.user,
        sessionId: frame.sessionId,
        language: frame.language,
        code: frame.code,
        type: "code_execution",
        requestId: frame.requestId,
        listFiles: run !== null,
      }),
    );
  });

  router.on("terminal_command", async (ctx, frame) => {
    await chat.getSession(db, ctx.user.id, frame.sessionId);
    // A block of a reply is a run; a command typed in the composer (no block) an Execute.
    const run = fromMessage(frame, frame.block === undefined ? "command" : "run", "bash", frame.command);
    await runInBackground(ctx.user.id, frame.sessionId, run, () =>
      executions.start({
        user: ctx.user,
        sessionId: frame.sessionId,
        language: "bash",
        code: frame.command,
        type: "system_command",
        requestId: frame.requestId,
        listFiles: run !== null,
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
