import { randomUUID } from "node:crypto";
import { asJson, type ServerFrame } from "@neuroos/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Cluster } from "../cluster/cluster";
import { type AliveNodes, type LostWork, NodeWork } from "../cluster/node-work";
import { type NodeRegistry, onAliveNode } from "../cluster/nodes";
import type { Db } from "../db/client";
import { approvalRequests } from "../db/schema";
import { isUuid } from "../http/ids";

export const APPROVAL_TIMEOUT_MS = 5 * 60_000;
/** A question whose node stopped before an answer. */
const FAILED: ApprovalDecision = { approved: false, reason: "failed" };

export interface ApprovalDecision {
  approved: boolean;
  /** The input as the person edited it, when they did. */
  input?: Record<string, unknown>;
  /** failed: the node that asked stopped before an answer (seen only by a node thought dead). */
  reason: "approved" | "denied" | "timeout" | "stopped" | "failed";
}

type ApprovalRequest = Extract<ServerFrame, { type: "approval_request" }>;

/** The tool call a question is about: an agent's in a chat session. */
export interface ApprovalSubject {
  sessionId: string;
  messageId: string;
  toolCallId: string;
  tool: string;
  input: unknown;
}

/** Or an outside MCP client's, through an access token that asks before writes and runs. */
export interface TokenApprovalSubject {
  accessToken: { id: string; name: string };
  tool: string;
  input: unknown;
}

export interface ApprovalsDeps {
  db: Db;
  /** This node: the bus to the user's browsers, and signals to and from the other nodes. */
  cluster: Pick<Cluster, "nodeId" | "bus" | "broadcast" | "onSignal">;
  /** The questions of nodes that died are settled as failed. */
  nodes: Pick<NodeRegistry, "onSweep" | "onRevived">;
  timeoutMs?: number;
}

type LostQuestion = LostWork & { frame: unknown };

/**
 * Safe mode's questions to the person (an agent's tool calls, and calls through /mcp with a token
 * that asks first): an `approval_request` frame goes to the user's browsers (and again to each
 * browser that connects while it waits); an `approval_response` frame on any node (or the time
 * limit, or Stop) settles it. Each question is a row of `approval_requests`: whoever moves it
 * from pending first (one atomic update) decides the outcome; the node that asked resolves it.
 */
export class Approvals {
  /** The questions asked on this node, waiting (node-owned work: settled by a signal from any node). */
  private readonly waiting: NodeWork<ApprovalDecision, LostQuestion>;
  private readonly timeoutMs: number;

  constructor(private readonly deps: ApprovalsDeps) {
    this.timeoutMs = deps.timeoutMs ?? APPROVAL_TIMEOUT_MS;
    // Judged dead by the others, who failed these questions for the users: given up here too.
    this.waiting = new NodeWork<ApprovalDecision, LostQuestion>(
      { db: deps.db, nodeId: deps.cluster.nodeId, signals: deps.cluster, nodes: deps.nodes },
      {
        kind: "approval",
        claims: {
          table: approvalRequests,
          key: approvalRequests.id,
          userId: approvalRequests.userId,
          nodeId: approvalRequests.nodeId,
          startedAt: approvalRequests.createdAt,
        },
        givenUp: FAILED,
        rowsOutliveWork: true,
        takeLost: (db, alive) => this.failQuestionsOfDeadNodes(db, alive),
        onLost: async (lost) => {
          // Those asked here were settled here, which told the browsers.
          for (const { key, userId, frame, givenUpHere } of lost)
            if (!givenUpHere)
              deps.cluster.bus.publish(
                userId,
                settledFrame(key, (frame as ApprovalRequest).sessionId, FAILED),
              );
        },
      },
    );
  }

  /** Asks; settles with the answer, or denied after `timeoutMs` (default: the service's) or on abort. */
  request(
    userId: string,
    subject: ApprovalSubject | TokenApprovalSubject,
    signal: AbortSignal,
    timeoutMs = this.timeoutMs,
  ): Promise<ApprovalDecision> {
    const { cluster } = this.deps;
    const approvalId = randomUUID();
    const sessionId = "sessionId" in subject ? subject.sessionId : undefined;
    const expiresAt = new Date(Date.now() + timeoutMs);
    const frame: ApprovalRequest = {
      type: "approval_request",
      ...subject,
      input: asJson(subject.input),
      approvalId,
      expiresAt: expiresAt.toISOString(),
    };
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      let settled = false;
      let release = async () => true;
      const onAbort = () => void this.conclude(userId, approvalId, { approved: false, reason: "stopped" });
      const settle = (decision: ApprovalDecision) => {
        if (settled) return;
        settled = true;
        void release();
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        cluster.bus.publish(userId, settledFrame(approvalId, sessionId, decision));
        resolve(decision);
      };
      this.waiting
        .claim({
          key: approvalId,
          userId,
          stop: settle,
          insert: async (d) => {
            await d
              .insert(approvalRequests)
              .values({ id: approvalId, userId, nodeId: cluster.nodeId, frame, expiresAt });
            return true;
          },
        })
        .then((held) => {
          if ("refused" in held) throw new Error("The question could not be asked");
          release = held.release;
          if (settled) return void release();
          timer = setTimeout(
            () => void this.conclude(userId, approvalId, { approved: false, reason: "timeout" }),
            timeoutMs,
          );
          signal.addEventListener("abort", onAbort, { once: true });
          cluster.bus.publish(userId, frame);
          if (signal.aborted) onAbort();
        })
        .catch(reject);
    });
  }

  /** The user's questions still waiting for an answer (for a browser that connects now). */
  async waitingFor(userId: string): Promise<ApprovalRequest[]> {
    const rows = await this.deps.db
      .select({ frame: approvalRequests.frame })
      .from(approvalRequests)
      .where(
        and(
          eq(approvalRequests.userId, userId),
          eq(approvalRequests.status, "pending"),
          onAliveNode(approvalRequests.nodeId),
        ),
      )
      .orderBy(asc(approvalRequests.createdAt));
    return rows.map((row) => row.frame as ApprovalRequest);
  }

  /** The person's answer, on any node; false when there is no such question waiting for this user. */
  async answer(
    userId: string,
    approvalId: string,
    approved: boolean,
    input?: Record<string, unknown>,
  ): Promise<boolean> {
    if (!isUuid(approvalId)) return false;
    const decision: ApprovalDecision = approved
      ? { approved, input, reason: "approved" }
      : { approved, reason: "denied" };
    if ((await this.decide(approvalId, decision, userId)) === null) return false;
    // Settled where it was asked: here, or by a signal to that node.
    this.waiting.stop(userId, approvalId, decision);
    return true;
  }

  /**
   * Moves the question from pending to the decision, if it is still pending (and the user's, when
   * named): answers the node that asked it, or null when something else decided first.
   */
  private async decide(approvalId: string, decision: ApprovalDecision, userId?: string) {
    const [row] = await this.deps.db
      .update(approvalRequests)
      .set({ status: decision.reason, input: decision.input ?? null })
      .where(
        and(
          eq(approvalRequests.id, approvalId),
          eq(approvalRequests.status, "pending"),
          userId === undefined ? undefined : eq(approvalRequests.userId, userId),
        ),
      )
      .returning({ nodeId: approvalRequests.nodeId });
    return row?.nodeId ?? null;
  }

  /**
   * The time limit or Stop, on the node that asked: settles with it, or with what was decided
   * first (an answer from another node, whose signal may still be on its way).
   */
  private async conclude(userId: string, approvalId: string, decision: ApprovalDecision): Promise<void> {
    if (!this.waiting.holds(approvalId)) return;
    const settleHere = (d: ApprovalDecision) => void this.waiting.stopHere(userId, approvalId, d);
    try {
      if ((await this.decide(approvalId, decision)) !== null) return settleHere(decision);
      const [row] = await this.deps.db
        .select({ status: approvalRequests.status, input: approvalRequests.input })
        .from(approvalRequests)
        .where(eq(approvalRequests.id, approvalId));
      if (!row || row.status === "pending") return settleHere(decision);
      const input = (row.input ?? undefined) as Record<string, unknown> | undefined;
      settleHere({ approved: row.status === "approved", input, reason: row.status });
    } catch {
      // The database is out of reach: nobody can answer either, so the time limit or Stop stands.
      settleHere(decision);
    }
  }

  /** The questions of nodes that died fail (taken for onLost); old settled ones go. */
  private async failQuestionsOfDeadNodes(db: Db, alive: AliveNodes): Promise<LostQuestion[]> {
    const failed = await db
      .update(approvalRequests)
      .set({ status: "failed" })
      .where(and(eq(approvalRequests.status, "pending"), sql`${approvalRequests.nodeId} not in ${alive}`))
      .returning({
        key: approvalRequests.id,
        userId: approvalRequests.userId,
        nodeId: approvalRequests.nodeId,
        frame: approvalRequests.frame,
      });
    await db.execute(sql`delete from approval_requests where status <> 'pending' and expires_at < now()`);
    return failed;
  }
}

const settledFrame = (
  approvalId: string,
  sessionId: string | undefined,
  decision: ApprovalDecision,
): ServerFrame => ({
  type: "approval_settled",
  ...(sessionId === undefined ? {} : { sessionId }),
  approvalId,
  approved: decision.approved,
  reason: decision.reason,
});
