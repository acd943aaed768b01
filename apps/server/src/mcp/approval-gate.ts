import type { Approvals } from "../agent/approvals";
import type { AgentTool } from "../agent/tools/types";
import type { TokenHolder } from "./tokens";

export interface ApprovalGateDeps {
  approvals: Approvals;
  /** How long a call waits for the person's answer before it is refused. */
  approvalTimeoutMs: number;
}

/** Whether a call of `tool` through the holder's token waits for the person first. */
export const asksFirst = (holder: TokenHolder, tool: AgentTool) =>
  holder.requireApproval && tool.needsApproval;

/**
 * A call that writes or runs through a token that asks first: the person is asked in the console
 * (the approval card agents use). Resolves with the input to run, with the person's edits checked
 * again by the tool's schema; refused (denied, no answer in time, the client gone, edits the schema
 * refuses) it answers why, in words: the call's result is an error the model can act on.
 */
export async function approvedInput(
  deps: ApprovalGateDeps,
  holder: TokenHolder,
  tool: AgentTool,
  input: unknown,
  signal: AbortSignal,
): Promise<{ input: unknown } | { refused: string }> {
  const decision = await deps.approvals.request(
    holder.user.id,
    { accessToken: { id: holder.tokenId, name: holder.tokenName }, tool: tool.name, input },
    signal,
    deps.approvalTimeoutMs,
  );
  if (!decision.approved) {
    const why =
      decision.reason === "timeout"
        ? `no answer within ${Math.round(deps.approvalTimeoutMs / 1000)} s (counted as denied)`
        : decision.reason === "stopped"
          ? "the request was cancelled"
          : "the person denied it";
    return {
      refused: `Not approved: ${why}. The token "${holder.tokenName}" asks in the NeuroOS console before ${tool.name} runs; nothing was done.`,
    };
  }
  if (!decision.input) return { input };
  const edited = tool.input.safeParse({ ...(input as object), ...decision.input });
  if (!edited.success) {
    const problems = edited.error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`);
    return { refused: `Invalid edited arguments: ${problems.join("; ")}` };
  }
  return { input: edited.data };
}
