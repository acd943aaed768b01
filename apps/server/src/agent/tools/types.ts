import type { AgentToolName, User } from "@neuroos/contracts";
import type { ZodType } from "zod";
import type { ExecutionRequest, ExecutionService } from "../../executions/service";
import type { WorkspaceService } from "../../workspace/service";

export interface ToolContext {
  user: Pick<User, "id" | "plan">;
  sessionId: string;
  signal: AbortSignal;
  executions: ExecutionService;
  workspaces: WorkspaceService;
  /** Streams a running tool's output to the console. */
  onOutput(stream: "stdout" | "stderr", data: string): void;
}

/** What a tool answers; `output` goes back to the model as JSON. */
export interface ToolResult {
  ok: boolean;
  output: unknown;
}

/** One agent tool: its input schema, whether safe mode asks first, and its action. */
export interface AgentTool<Input = unknown> {
  name: AgentToolName;
  description: string;
  input: ZodType<Input>;
  /** Asks the person first when safe mode is on (run_code, run_shell, write_file). */
  needsApproval: boolean;
  run(ctx: ToolContext, input: Input): Promise<ToolResult>;
}

export const defineTool = <Input>(tool: AgentTool<Input>): AgentTool<Input> => tool;

/** Runs code in the user's sandbox for a tool, its output streamed; the result for the model. */
export async function runInSandbox(
  ctx: ToolContext,
  job: Pick<ExecutionRequest, "language" | "code" | "type">,
): Promise<ToolResult> {
  const outcome = await ctx.executions.run({
    ...job,
    user: ctx.user,
    sessionId: ctx.sessionId,
    signal: ctx.signal,
    onOutput: ctx.onOutput,
  });
  const { stdout, stderr, exitCode, limit, durationMs } = outcome.result;
  return { ok: outcome.success, output: { stdout, stderr, exitCode, limit, durationMs } };
}
