import { randomUUID } from "node:crypto";
import {
  type ExecutionLanguage,
  type SandboxResult,
  sandboxLimitWords,
  type User,
  WORKSPACE_HOME,
} from "@neuroos/contracts";
import { sql } from "drizzle-orm";
import type { Cluster } from "../cluster/cluster";
import { type HeldWork, type LostWork, NodeWork } from "../cluster/node-work";
import type { NodeRegistry } from "../cluster/nodes";
import type { Db } from "../db/client";
import { runningExecutions } from "../db/schema";
import { AppError } from "../http/errors";
import type { EventBus } from "../live/bus";
import { recordExecution } from "../logs/service";
import { type JobSlots, tooManyJobs } from "../sandbox/limiter";
import type { Sandbox } from "../sandbox/runner";
import { notKeptWords, quotaMb, workspaceFullWords } from "../workspace/quotas";
import type { WorkspaceService } from "../workspace/service";

const MB = 1024 * 1024;
/** What the browsers are told of a run whose node died (or was judged dead) while it ran. */
export const RUN_NODE_LOST_TEXT = "The server running this code stopped before it finished.";

export interface ExecutionRequest {
  user: Pick<User, "id" | "plan">;
  /** The console session the run belongs to; its browsers get the live frames. */
  sessionId: string | null;
  /** A run outside a session: the app whose screen gets its frames (default `sandbox`). */
  app?: string;
  language: ExecutionLanguage;
  code: string;
  /** code_execution for programs, system_command for terminal commands. */
  type: "code_execution" | "system_command";
  /** The browser's id for the run, echoed on execution_start so it can tie the run to its block. */
  requestId?: string;
  /** Input for the program, and a wall time below the sandbox's (never above it). */
  stdin?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  onOutput?: (stream: "stdout" | "stderr", data: string) => void;
  /** Who asked from outside (an MCP client's token), written in the execution log. */
  caller?: ExecutionCaller;
  /** List the workspace files the run wrote in its outcome (a walk of the workspace after it). */
  listFiles?: boolean;
}

/** Someone outside the product asking for the run: an MCP client, by its token's name. */
export interface ExecutionCaller {
  via: "mcp";
  token: string;
}

/** A run of a node that died, as its row was. */
type LostRun = LostWork & typeof runningExecutions.$inferSelect;

export interface ExecutionOutcome {
  executionId: string;
  result: SandboxResult;
  /** Output as one text: stdout, then stderr, then which limit ended the job. */
  output: string;
  success: boolean;
  /** Workspace files the run wrote (newest first, at most 50), kept ones only, when asked (`listFiles`). */
  files: { path: string; size: number }[];
}

/** Whom a run's frames name: its session, or (a run outside one) its app. */
const ownerOf = (request: Pick<ExecutionRequest, "sessionId" | "app">) =>
  request.sessionId ? { sessionId: request.sessionId } : { app: request.app ?? "sandbox" };

/** What the execution log keeps of a run's code. */
const commandOf = (request: Pick<ExecutionRequest, "code">) => request.code.slice(0, 2000);

export function describeOutcome(result: SandboxResult): string {
  const limit = result.limit ? `\n[Stopped: ${sandboxLimitWords[result.limit]}]` : "";
  return `${result.stdout}${result.stderr}${limit}`;
}

/**
 * Runs code for a user in the sandbox over their workspace, for every feature (console
 * frames, the agent's tools, POST /api/sandbox/run): one job slot each, live frames to the session's browsers,
 * an execution log for every run, cancellation by id from any node: a job runs on the node that
 * started it, and its row in `running_executions` says which one that is while it runs.
 */
export class ExecutionService {
  /** The runs going on, each on its node (a row of `running_executions`). */
  private readonly work: NodeWork<void, LostRun>;

  constructor(
    private readonly deps: {
      db: Db;
      sandbox: Sandbox;
      workspaces: WorkspaceService;
      bus: EventBus;
      /** This node's slots: its cores' share (SANDBOX_MAX_JOBS). */
      slots: JobSlots;
      /** Jobs a person may have running at once, on all the nodes together (SANDBOX_JOBS_PER_USER). */
      perUser: number;
      /** This node among the others: their cancellations of jobs running here. */
      cluster: Pick<Cluster, "nodeId" | "broadcast" | "onSignal">;
      /** The sweep after dead nodes (their runs failed), and this node found judged dead. */
      nodes: Pick<NodeRegistry, "onSweep" | "onRevived">;
      maxFileSizeMb?: number;
    },
  ) {
    // Judged dead, this node's runs were failed for their browsers: they are given up.
    this.work = new NodeWork<void, LostRun>(
      { db: deps.db, nodeId: deps.cluster.nodeId, signals: deps.cluster, nodes: deps.nodes },
      {
        kind: "execution",
        claims: {
          table: runningExecutions,
          key: runningExecutions.id,
          userId: runningExecutions.userId,
          nodeId: runningExecutions.nodeId,
          startedAt: runningExecutions.startedAt,
        },
        givenUp: undefined,
        takeLost: async (db, alive) =>
          (
            await db
              .delete(runningExecutions)
              .where(sql`${runningExecutions.nodeId} not in ${alive}`)
              .returning()
          ).map((run) => ({ ...run, key: run.id })),
        onLost: (runs) => this.failRuns(runs),
      },
    );
  }

  /**
   * Starts a job once it has its place: a slot of this node's (its cores) and one of the person's
   * on every node (counted in `running_executions`). A full node or person is refused here (503,
   * 429), before anything runs, so a caller can refuse the request; `done` settles when it ends.
   */
  async start(request: ExecutionRequest): Promise<{ done: Promise<ExecutionOutcome> }> {
    await this.deps.workspaces.assertRoom(request.user, "run again");
    const release = this.deps.slots.acquire(request.user.id);
    const executionId = randomUUID();
    const controller = new AbortController();
    let held: HeldWork;
    try {
      held = await this.claim(executionId, request, controller);
    } catch (err) {
      release();
      throw err;
    }
    return { done: this.execute(executionId, request, controller, release, held) };
  }

  /** Starts a job (refused as `start` is) and resolves when it has ended. */
  async run(request: ExecutionRequest): Promise<ExecutionOutcome> {
    return (await this.start(request)).done;
  }

  /**
   * The job's row, naming this node, unless the person already has their SANDBOX_JOBS_PER_USER
   * running on the live nodes (NodeWork's cap: it holds under a burst across nodes).
   */
  private async claim(
    executionId: string,
    request: ExecutionRequest,
    controller: AbortController,
  ): Promise<HeldWork> {
    const { user } = request;
    const claim = await this.work.claim({
      key: executionId,
      userId: user.id,
      stop: () => controller.abort(),
      cap: this.deps.perUser,
      insert: async (tx) => {
        await tx.insert(runningExecutions).values({
          id: executionId,
          userId: user.id,
          nodeId: this.work.nodeId,
          ...ownerOf(request),
          type: request.type,
          command: commandOf(request),
          language: request.language,
          caller: request.caller ?? null,
        });
        return true;
      },
    });
    if ("refused" in claim) throw tooManyJobs(claim.refused);
    return claim;
  }

  private async execute(
    executionId: string,
    request: ExecutionRequest,
    controller: AbortController,
    release: () => void,
    held: HeldWork,
  ): Promise<ExecutionOutcome> {
    const { sandbox, workspaces, bus } = this.deps;
    const { user, sessionId } = request;
    const owner = ownerOf(request);
    const onAbort = () => controller.abort();
    request.signal?.addEventListener("abort", onAbort, { once: true });
    if (request.signal?.aborted) controller.abort(); // while its place was being claimed
    const command = commandOf(request);
    let claimed = true;
    const since = Date.now();
    // On plain folders, a run that passes the quota is stopped then, not after it has filled the disk.
    let full = false;
    let endWatch = () => {};
    try {
      endWatch = await workspaces.watchRoom(user, () => {
        full = true;
        controller.abort();
      });
      bus.publish(user.id, { type: "execution_start", ...owner, executionId, requestId: request.requestId });
      const ran = await sandbox.run({
        language: request.language,
        code: request.code,
        stdin: request.stdin,
        workspace: await workspaces.root(user),
        signal: controller.signal,
        limits: {
          maxFileSizeMb: this.deps.maxFileSizeMb ?? workspaces.quota(user.plan).maxFileBytes / MB,
          ...(request.timeoutMs === undefined
            ? {}
            : { timeoutMs: Math.min(request.timeoutMs, sandbox.limits.timeoutMs) }),
        },
        onOutput: (stream, data) => {
          request.onOutput?.(stream, data);
          bus.publish(user.id, { type: "execution_output", ...owner, executionId, stream, data });
        },
      });
      endWatch();
      const result: SandboxResult = full ? { ...ran, limit: "workspace_full" } : ran;
      // What the code wrote is counted now; past the quota, its newest files are taken back.
      const removed = await workspaces.afterCode(user, since).catch(() => [] as string[]);
      const success = result.exitCode === 0 && result.limit === null && removed.length === 0;
      // A job that failed on a full workspace says so in words (its programs said ENOSPC).
      full ||= removed.length > 0 || (!success && (await workspaces.isFull(user)));
      const words = `${workspaceFullWords(quotaMb(workspaces.quota(user.plan)))}${notKeptWords(removed)}`;
      const output = `${describeOutcome(result)}${full ? `\n[${words}]` : ""}`;
      const files = request.listFiles ? await workspaces.writtenSince(user, since).catch(() => []) : [];
      const outcome = { executionId, result, output, success, files };
      // False when a sweep took the run first (this node was judged dead): its browsers were told.
      const told = await held.release();
      claimed = false;
      if (!told) return outcome;
      bus.publish(user.id, {
        type: "execution_result",
        ...owner,
        executionId,
        result: { output, success, exitCode: result.exitCode, durationMs: result.durationMs },
      });
      // The run happened and its browsers were told: a log entry the database could not take
      // (it went away meanwhile) does not make it a failure for the caller.
      await recordExecution(this.deps, {
        userId: user.id,
        sessionId,
        type: request.type,
        command,
        result: output,
        status: success ? "success" : "error",
        metadata: {
          executionId,
          language: request.language,
          exitCode: result.exitCode,
          limit: result.limit,
          durationMs: result.durationMs,
          ...request.caller,
        },
      }).catch(() => undefined);
      return outcome;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const told = claimed && (await held.release());
      claimed = false;
      if (!told) throw err;
      bus.publish(user.id, { type: "execution_error", ...owner, executionId, error: message });
      await recordExecution(this.deps, {
        userId: user.id,
        sessionId,
        type: request.type,
        command,
        result: message,
        status: "error",
        metadata: { executionId, language: request.language, ...request.caller },
      });
      throw err;
    } finally {
      endWatch();
      // The code may have written anywhere in the workspace.
      workspaces.changed(user.id, [WORKSPACE_HOME]);
      release();
      request.signal?.removeEventListener("abort", onAbort);
      if (claimed) await held.release();
    }
  }

  /**
   * Cancels the user's running job, on this node or the one its row names; another user's id, or
   * a job no longer running (or on a dead node), is unknown alike.
   */
  async cancel(userId: string, executionId: string): Promise<void> {
    const node = await this.work.nodeOf(userId, executionId);
    const here = node === this.work.nodeId;
    if (node !== null && !here) this.work.stop(userId, executionId, undefined);
    else if (!here || !this.work.stopHere(userId, executionId, undefined)) {
      throw new AppError(404, "not_found", "No such running execution");
    }
  }

  /**
   * The runs of nodes no longer alive (each taken by one node's sweep; one of this node's, which
   * was thought dead, was stopped): their browsers are told they failed, and the log.
   */
  private async failRuns(lost: LostRun[]): Promise<void> {
    const { bus } = this.deps;
    for (const run of lost) {
      const owner = ownerOf({ sessionId: run.sessionId, app: run.app ?? undefined });
      bus.publish(run.userId, {
        type: "execution_error",
        ...owner,
        executionId: run.id,
        error: RUN_NODE_LOST_TEXT,
      });
      // Its log entry, as the run's node would have written it (a failed write, the database away
      // again, does not keep the next runs' browsers from being told).
      await recordExecution(this.deps, {
        userId: run.userId,
        sessionId: run.sessionId,
        type: run.type === "system_command" ? "system_command" : "code_execution",
        command: run.command,
        result: RUN_NODE_LOST_TEXT,
        status: "error",
        metadata: {
          executionId: run.id,
          language: run.language,
          node: run.nodeId,
          ...(run.caller as object),
        },
      }).catch(() => undefined);
    }
  }
}
