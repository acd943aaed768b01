import type { AgentToolName, User } from "@neuroos/contracts";
import { AppError } from "../http/errors";
import type { ApprovalDecision } from "./approvals";
import type { LoopDeps } from "./loop";
import { agentTools } from "./tools";
import type { ToolResult } from "./tools/types";

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

/**
 * One tool call from the model, which is untrusted: an unknown or disallowed tool and invalid
 * arguments come back to the model as a tool error it can correct; in safe mode the person
 * approves (possibly editing the input) or denies; then the tool runs, streaming its output.
 */
export async function runToolCall(
  deps: LoopDeps,
  input: {
    user: Pick<User, "id" | "plan">;
    sessionId: string;
    messageId: string;
    call: ToolCall;
    safeMode: boolean;
    allowed: AgentToolName[];
    signal: AbortSignal;
  },
): Promise<ToolCallOutcome> {
  const { bus } = deps;
  const { user, sessionId, call, signal } = input;
  const publish = (frame: Parameters<typeof bus.publish>[1]) => bus.publish(user.id, frame);
  publish({
    type: "tool_call",
    sessionId,
    messageId: input.messageId,
    toolCallId: call.id,
    tool: call.name,
    input: call.input,
  });
  let approval: ToolCallOutcome["approval"];
  const finish = (result: ToolResult, ran?: unknown): ToolCallOutcome => {
    publish({
      type: "tool_result",
      sessionId,
      messageId: input.messageId,
      toolCallId: call.id,
      tool: call.name,
      ok: result.ok,
      output: result.output,
    });
    return { ...result, ...(ran === undefined ? {} : { input: ran }), ...(approval ? { approval } : {}) };
  };

  const tool = input.allowed.includes(call.name as AgentToolName)
    ? agentTools[call.name as AgentToolName]
    : undefined;
  if (!tool) return finish({ ok: false, output: { error: `Unknown or disallowed tool '${call.name}'` } });
  let parsed = tool.input.safeParse(call.input);
  if (!parsed.success)
    return finish({ ok: false, output: { error: `Invalid arguments: ${describe(parsed.error.issues)}` } });

  if (tool.needsApproval && input.safeMode) {
    const decision = await deps.approvals.request(
      user.id,
      { sessionId, messageId: input.messageId, toolCallId: call.id, tool: tool.name, input: parsed.data },
      signal,
    );
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
      parsed = tool.input.safeParse({ ...(parsed.data as object), ...decision.input });
      if (!parsed.success)
        return finish({
          ok: false,
          output: { error: `Invalid edited arguments: ${describe(parsed.error.issues)}` },
        });
    }
  }

  try {
    const result = await tool.run(
      {
        user,
        sessionId,
        signal,
        executions: deps.executions,
        workspaces: deps.workspaces,
        onOutput: (stream, data) =>
          publish({ type: "tool_output", sessionId, messageId: input.messageId, toolCallId: call.id, stream, data }),
      },
      parsed.data,
    );
    return finish(result, parsed.data);
  } catch (err) {
    const message = err instanceof AppError || err instanceof Error ? err.message : String(err);
    return finish({ ok: false, output: { error: message } }, parsed.data);
  }
}

function describe(issues: { path: PropertyKey[]; message: string }[]): string {
  return issues.map((i) => `${i.path.map(String).join(".") || "input"}: ${i.message}`).join("; ");
}
