import { randomUUID } from "node:crypto";
import { asJson, type ServerFrame } from "@neuroos/contracts";
import type { EventBus } from "../live/bus";

export const APPROVAL_TIMEOUT_MS = 5 * 60_000;

export interface ApprovalDecision {
  approved: boolean;
  /** The input as the person edited it, when they did. */
  input?: Record<string, unknown>;
  reason: "approved" | "denied" | "timeout" | "stopped";
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

interface Pending {
  userId: string;
  frame: ApprovalRequest;
  settle(decision: ApprovalDecision): void;
}

/**
 * Safe mode's questions to the person (an agent's tool calls, and calls through /mcp with a token
 * that asks first): an `approval_request` frame goes to the user's
 * browsers (and again to each browser that connects while it waits); an `approval_response`
 * frame (or 5 minutes without one, or Stop) settles it.
 */
export class Approvals {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly bus: EventBus,
    private readonly timeoutMs = APPROVAL_TIMEOUT_MS,
  ) {}

  /** Asks; settles with the answer, or denied after `timeoutMs` (default: the service's) or on abort. */
  request(
    userId: string,
    subject: ApprovalSubject | TokenApprovalSubject,
    signal: AbortSignal,
    timeoutMs = this.timeoutMs,
  ): Promise<ApprovalDecision> {
    const approvalId = randomUUID();
    const sessionId = "sessionId" in subject ? subject.sessionId : undefined;
    return new Promise((resolve) => {
      const settle = (decision: ApprovalDecision) => {
        if (!this.pending.delete(approvalId)) return;
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        this.bus.publish(userId, {
          type: "approval_settled",
          ...(sessionId === undefined ? {} : { sessionId }),
          approvalId,
          approved: decision.approved,
          reason: decision.reason,
        });
        resolve(decision);
      };
      const timer = setTimeout(() => settle({ approved: false, reason: "timeout" }), timeoutMs);
      const onAbort = () => settle({ approved: false, reason: "stopped" });
      signal.addEventListener("abort", onAbort, { once: true });
      const frame: ApprovalRequest = {
        type: "approval_request",
        ...subject,
        input: asJson(subject.input),
        approvalId,
        expiresAt: new Date(Date.now() + timeoutMs).toISOString(),
      };
      this.pending.set(approvalId, { userId, frame, settle });
      this.bus.publish(userId, frame);
      if (signal.aborted) onAbort();
    });
  }

  /** The user's questions still waiting for an answer (for a browser that connects now). */
  waitingFor(userId: string): ApprovalRequest[] {
    return [...this.pending.values()].filter((p) => p.userId === userId).map((p) => p.frame);
  }

  /** The person's answer; false when there is no such question for this user. */
  answer(userId: string, approvalId: string, approved: boolean, input?: Record<string, unknown>): boolean {
    const pending = this.pending.get(approvalId);
    if (!pending || pending.userId !== userId) return false;
    pending.settle({
      approved,
      input: approved ? input : undefined,
      reason: approved ? "approved" : "denied",
    });
    return true;
  }
}
