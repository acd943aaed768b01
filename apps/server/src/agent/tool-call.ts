import type { User } from "@neuroos/contracts";
import { AppError } from "../http/errors";
import type { ApprovalDecision, ApprovalSubject } from "./approvals";
import type { AgentTool, ToolResult } from "./tools/types";

export interface ToolCall {
  id: string;
  name: string;
  input: unknown;
}

/** A tool's result, with what is stored beside it: the input that ran and the person's answer. */
export interface ToolCallOutcome extends ToolResult {
  /** The input as it ran (the person's edits included). */
  input?: unknown;
  approval?: { approved: boolean; reason: ApprovalDecision["reason"]; edited: boolean };
}

export interface ToolCallRun {
  user: Pick<User, "id" | "plan">;
  sessionId: string;
  messageId: string;
  call: ToolCall;
  /** The tools offered in this run; any other name is refused. */
  tools: readonly AgentTool[];
  safeMode: boolean;
  signal: AbortSignal;
  /** Asks the person (safe mode); resolves with their answer. */
  approve(subject: ApprovalSubject): Promise<ApprovalDecision>;
  onOutput(stream: "stdout" | "stderr", data: string): void;
}

/**
 * One tool call from the model, which is untrusted: an unknown or disallowed tool and invalid
 * arguments come back to the model as a tool error it can correct; in safe mode the person
 * approves (possibly editing the input) or denies; then the tool runs, streaming its output.
 */
export async function runToolCall(run: ToolCallRun): Promise<ToolCallOutcome> {
  const { user, sessionId, call, signal } = run;
  let approval: ToolCallOutcome["approval"];
  const finish = (result: ToolResult, ran?: unknown): ToolCallOutcome => ({
    ...result,
    ...(ran === undefined ? {} : { input: ran }),
    ...(approval ? { approval } : {}),
  });

  const tool = run.tools.find((t) => t.name === call.name);
  if (!tool) return finish({ ok: false, output: { error: `Unknown or disallowed tool '${call.name}'` } });
  let parsed = tool.input.safeParse(call.input);
  if (!parsed.success)
    return finish({ ok: false, output: { error: `Invalid arguments: ${describe(parsed.error.issues)}` } });

  if (tool.needsApproval && run.safeMode) {
    const decision = await run.approve({
      sessionId,
      messageId: run.messageId,
      toolCallId: call.id,
      tool: tool.name,
      input: parsed.data,
    });
    approval = { approved: decision.approved, reason: decision.reason, edited: decision.input !== undefined };
    if (!decision.approved) {
      const why =
        decision.reason === "timeout" ? "no answer within 5 minutes (counted as denied)" : decision.reason;
      return finish({
        ok: false,
        output: { error: `The person did not approve this ${tool.name} call: ${why}` },
      });
    }
    if (decision.input) {
      const edited = tool.editsWholeInput
        ? decision.input
        : { ...(parsed.data as object), ...decision.input };
      parsed = tool.input.safeParse(edited);
      if (!parsed.success)
        return finish({
          ok: false,
          output: { error: `Invalid edited arguments: ${describe(parsed.error.issues)}` },
        });
    }
  }

  try {
    const result = await tool.run({ user, sessionId, signal, onOutput: run.onOutput }, parsed.data);
    return finish(result, parsed.data);
  } catch (err) {
    const message = err instanceof AppError || err instanceof Error ? err.message : String(err);
    return finish({ ok: false, output: { error: message } }, parsed.data);
  }
}

function describe(issues: { path: PropertyKey[]; message: string }[]): string {
  return issues.map((i) => `${i.path.map(String).join(".") || "input"}: ${i.message}`).join("; ");
}
