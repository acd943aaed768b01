import type { User } from "@neuroos/contracts";
import type { ZodType } from "zod";
import type { ExecutionCaller, ExecutionRequest, ExecutionService } from "../../executions/service";
import type { MemoryService } from "../../memory/service";
import type { VectorService } from "../../vector/service";
import type { WorkspaceService } from "../../workspace/service";

/** What one call of a tool knows: who asked, in which conversation, and how to stream output. */
export interface ToolContext {
  user: Pick<User, "id" | "plan">;
  /** The chat session (or other conversation) the call belongs to; null outside one. */
  sessionId: string | null;
  signal: AbortSignal;
  /** Streams a running tool's output to whoever watches the call. */
  onOutput(stream: "stdout" | "stderr", data: string): void;
  /** An outside caller (an MCP client, by its token's name), written in the call's execution log. */
  caller?: ExecutionCaller;
}

/** What a tool answers; `output` goes back to the model as JSON. */
export interface ToolResult {
  ok: boolean;
  output: unknown;
}

/** One tool: its input schema, whether safe mode asks first, and its action. */
export interface AgentTool<Input = unknown> {
  name: string;
  description: string;
  input: ZodType<Input>;
  /** The JSON Schema given to the model, when it is not `input`'s own (an MCP server's tool, as it is). */
  jsonSchema?: Record<string, unknown>;
  /** Asks the person first when safe mode is on (run_code, run_shell, write_file). */
  needsApproval: boolean;
  /**
   * The person edits the whole input before approving (an MCP tool's arguments, as JSON): their
   * edit replaces it. Otherwise they edit one field (the code...), merged into the model's input.
   */
  editsWholeInput?: boolean;
  run(ctx: ToolContext, input: Input): Promise<ToolResult>;
}

/** The services tools are built from at boot; each factory takes only the ones it needs. */
export interface ToolServices {
  executions: ExecutionService;
  workspaces: WorkspaceService;
  memories: MemoryService;
  /** Semantic search over the person's indexed files (search_files' passages). */
  vectors: Pick<VectorService, "search">;
}

export const defineTool = <Input>(tool: AgentTool<Input>): AgentTool<Input> => tool;

/** Runs code in the user's sandbox for a tool, its output streamed; the result for the model. */
export async function runInSandbox(
  executions: ExecutionService,
  ctx: ToolContext,
  job: Pick<ExecutionRequest, "language" | "code" | "type">,
): Promise<ToolResult> {
  const outcome = await executions.run({
    ...job,
    user: ctx.user,
    sessionId: ctx.sessionId,
    signal: ctx.signal,
    onOutput: ctx.onOutput,
    caller: ctx.caller,
    listFiles: true,
  });
  const { stdout, stderr, exitCode, limit, durationMs } = outcome.result;
  // The files it wrote are listed under the tool's result (and the model learns their names).
  const files = outcome.files.length > 0 ? { files: outcome.files } : {};
  return { ok: outcome.success, output: { stdout, stderr, exitCode, limit, durationMs, ...files } };
}
