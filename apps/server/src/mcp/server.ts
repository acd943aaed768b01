import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { APP_VERSION } from "@neuroos/contracts";
import { z } from "zod";
import type { ToolRegistry } from "../agent/tools";
import type { AgentTool } from "../agent/tools/types";
import type { Db } from "../db/client";
import type { EventBus } from "../live/bus";
import { recordExecution } from "../logs/service";
import { type ApprovalGateDeps, approvedInput, asksFirst } from "./approval-gate";
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

export interface McpDeps extends ApprovalGateDeps {
  db: Db;
  bus: EventBus;
  tools: ToolRegistry;
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

/**
 * An MCP server (the official SDK's) for one holder of a token: `tools/list` gives the workspace
 * tools with their input schemas and whether they only read; `tools/call` checks the arguments
 * with the tool's own schema, asks the person first when the token says so and the tool writes
 * or runs, runs it as the holder (their workspace and sandbox only) and writes every call, refused
 * ones too, in the holder's execution log with the token's name.
 */
export function mcpServerFor(holder: TokenHolder, deps: McpDeps): Server {
  const server = new Server({ name: "NeuroOS", version: APP_VERSION }, { capabilities: { tools: {} } });
  const offered = toolsFor(holder, deps.tools);

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: offered.map((tool) => ({
      name: tool.name,
      description: asksFirst(holder, tool)
        ? `${tool.description} (Waits for the person's approval in the NeuroOS console.)`
        : tool.description,
      inputSchema: z.toJSONSchema(tool.input, { io: "input" }) as { type: "object" },
      annotations: { readOnlyHint: !tool.needsApproval, openWorldHint: false },
    })),
  }));

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

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args } = request.params;
    const tool = offered.find((t) => t.name === name);
    if (!tool)
      return refuse(
        name,
        args,
        MCP_TOOL_NAMES.includes(name)
          ? `This token is read-only: ${name} needs a token with full access`
          : `Unknown tool: ${name}`,
      );
    const input = tool.input.safeParse(args ?? {});
    if (!input.success) {
      const problems = input.error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`);
      return refuse(name, args, `Invalid arguments: ${problems.join("; ")}`);
    }
    const ran = asksFirst(holder, tool)
      ? await approvedInput(deps, holder, tool, input.data, extra.signal)
      : input.data;
    const started = Date.now();
    let result: { ok: boolean; output: unknown };
    try {
      result = await tool.run(
        { user: holder.user, sessionId: null, signal: extra.signal, onOutput: () => {}, caller },
        ran,
      );
    } catch (error) {
      result = { ok: false, output: { error: error instanceof Error ? error.message : String(error) } };
    }
    if (!LOGGED_BY_EXECUTIONS.has(tool.name)) await log(tool.name, ran, result, started);
    return { content: [{ type: "text", text: text(result.output) }], isError: !result.ok };
  });
  return server;
}
