import { z } from "zod";
import type { ToolRegistry } from "../agent/tools";
import type { AgentTool } from "../agent/tools/types";
import type { Db } from "../db/client";
import type { EventBus } from "../live/bus";
import { recordExecution } from "../logs/service";
import { type ApprovalGateDeps, approvedInput, asksFirst } from "./approval-gate";
import { invalidParams, issuesOf, listParams, onRequest, page, type RequestExtra } from "./server-requests";
import type { TokenHolder } from "./tokens";

/** The workspace tools NeuroOS offers outside clients: the agent's own, the memory ones aside. */
export const MCP_TOOL_NAMES = [
  "list_files",
  "read_file",
  "search_files",
  "write_file",
  "run_code",
  "run_shell",
];
/** Tools that run through the execution service, which writes their execution log itself. */
const LOGGED_BY_EXECUTIONS = new Set(["run_code", "run_shell"]);
const RESULT_MAX_CHARS = 200_000;

export interface McpToolDeps extends ApprovalGateDeps {
  db: Db;
  bus: EventBus;
  tools: ToolRegistry;
}

/** What a tool run tells the session as it goes (log messages), and how a cancel reaches it. */
export interface ToolRunHooks {
  /** Wraps the run: a cancel from any node aborts `signal`. */
  running?: <T>(extra: RequestExtra, run: (signal: AbortSignal) => Promise<T>) => Promise<T>;
  log?: (extra: RequestExtra, level: "info" | "error", data: Record<string, unknown>) => Promise<void>;
}

/** The tools the holder's token reaches: a read-only token only those that change nothing. */
export function toolsFor(holder: TokenHolder, tools: ToolRegistry): AgentTool[] {
  return MCP_TOOL_NAMES.map((name) => tools.get(name))
    .filter((tool): tool is AgentTool => tool !== undefined)
    .filter((tool) => holder.scope === "full" || !tool.needsApproval);
}

const text = (value: unknown) => {
  const json = typeof value === "string" ? value : JSON.stringify(value, null, 2);
  return json.length > RESULT_MAX_CHARS
    ? `${json.slice(0, RESULT_MAX_CHARS)}\n[cut at ${RESULT_MAX_CHARS} characters]`
    : json;
};

/** A tools/call: the name, and the arguments as an object (anything else is -32602). */
const callParams = z
  .object({
    name: z.string({ error: "the tool's name is required" }),
    arguments: z.record(z.string(), z.unknown(), { error: "arguments must be a JSON object" }).optional(),
  })
  .loose();

/**
 * `tools/list` gives the workspace tools with their input schemas and whether they only read;
 * `tools/call` checks the arguments with the tool's own schema, asks the person first when the
 * token says so and the tool writes or runs, runs it as the holder (their workspace and sandbox
 * only) and writes every call, refused ones too, in the holder's execution log with the token's
 * name. A tool the token does not list is a protocol error (-32602); arguments the tool's schema
 * refuses, a denied approval and a failed run are results with `isError` (the model can act on them).
 */
export function serveTools(
  server: Parameters<typeof onRequest>[0],
  holder: TokenHolder,
  deps: McpToolDeps,
  hooks: ToolRunHooks = {},
): void {
  const offered = toolsFor(holder, deps.tools);
  const listed = offered.map((tool) => ({
    name: tool.name,
    description: asksFirst(holder, tool)
      ? `${tool.description} (Waits for the person's approval in the NeuroOS console.)`
      : tool.description,
    inputSchema: z.toJSONSchema(tool.input, { io: "input" }) as { type: "object" },
    annotations: { readOnlyHint: !tool.needsApproval, openWorldHint: false },
  }));
  onRequest(server, "tools/list", listParams, async ({ cursor }) => {
    const { items, nextCursor } = page(listed, cursor, 100);
    return { tools: items, ...(nextCursor ? { nextCursor } : {}) };
  });

  const caller = { via: "mcp" as const, token: holder.tokenName };
  /** One call in the holder's execution log (run_code and run_shell are logged by the execution service). */
  const log = (name: string, args: unknown, result: { ok: boolean; output: unknown }, started: number) =>
    recordExecution(deps, {
      userId: holder.user.id,
      type:
        name === "run_code" ? "code_execution" : name === "run_shell" ? "system_command" : "file_operation",
      command: `${name} ${text(args ?? {}).slice(0, 500)}`,
      result: text(result.output).slice(0, 2000),
      status: result.ok ? "success" : "error",
      metadata: { ...caller, executionTime: Date.now() - started },
    });
  const refuse = async (name: string, args: unknown, reason: string) => {
    await log(name, args, { ok: false, output: reason }, Date.now());
    return { content: [{ type: "text" as const, text: reason }], isError: true };
  };
  const running = hooks.running ?? ((extra, run) => run(extra.signal));

  onRequest(server, "tools/call", callParams, async ({ name, arguments: args }, extra) => {
    const tool = offered.find((t) => t.name === name);
    if (!tool) {
      const why = MCP_TOOL_NAMES.includes(name)
        ? `This token is read-only: ${name} needs a token with full access`
        : `Unknown tool: ${name.slice(0, 100)}`;
      await log(name, args, { ok: false, output: why }, Date.now());
      throw invalidParams(why);
    }
    const input = tool.input.safeParse(args ?? {});
    if (!input.success) return refuse(name, args, `Invalid arguments: ${issuesOf(input.error)}`);
    return running(extra, async (signal) => {
      const approved = asksFirst(holder, tool)
        ? await approvedInput(deps, holder, tool, input.data, signal)
        : { input: input.data };
      if ("refused" in approved) return refuse(name, input.data, approved.refused);
      const ran = approved.input;
      const started = Date.now();
      await hooks.log?.(extra, "info", { event: "tool_started", tool: name });
      let result: { ok: boolean; output: unknown };
      try {
        result = await tool.run(
          { user: holder.user, sessionId: null, signal, onOutput: () => {}, caller },
          ran,
        );
      } catch (error) {
        result = { ok: false, output: { error: error instanceof Error ? error.message : String(error) } };
      }
      if (!LOGGED_BY_EXECUTIONS.has(tool.name)) await log(tool.name, ran, result, started);
      await hooks.log?.(extra, result.ok ? "info" : "error", {
        event: "tool_finished",
        tool: name,
        ok: result.ok,
        ms: Date.now() - started,
      });
      return { content: [{ type: "text" as const, text: text(result.output) }], isError: !result.ok };
    });
  });
}
