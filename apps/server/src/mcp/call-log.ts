import type { McpToolOutput } from "@neuroos/contracts";
import type { ToolResult } from "../agent/tools/types";
import type { Db } from "../db/client";
import type { EventBus } from "../live/bus";
import { recordExecution } from "../logs/service";
import type { McpServerConfig } from "./servers";

/** One call of an MCP server's tool made by an agent, as it ended. */
export interface McpCallRecord {
  userId: string;
  sessionId: string | null;
  server: Pick<McpServerConfig, "name" | "transport">;
  /** The server's name for the tool, and the agent's (`<server>__<tool>`). */
  tool: string;
  agentTool: string;
  input: Record<string, unknown>;
  result: ToolResult;
  durationMs: number;
}

export type RecordMcpCall = (call: McpCallRecord) => Promise<void>;

const COMMAND_CHARS = 500;
const RESULT_CHARS = 2000;

/** A result in a line or a few: its text, what else it held, or the error. */
export function describeMcpResult(output: unknown): string {
  const data = (output ?? {}) as Partial<McpToolOutput> & { error?: unknown };
  if (typeof data.error === "string") return data.error;
  const parts = (data.content ?? []).map((item) => {
    switch (item.type) {
      case "text":
        return item.text;
      case "image":
      case "audio":
        return `[${item.type} ${item.mimeType}]`;
      case "resource":
        return item.text ?? `[resource ${item.uri}]`;
      case "resource_link":
        return `[link ${item.uri}]`;
      default:
        return `[${item.kind}]`;
    }
  });
  if (data.truncated) parts.push(`[${data.truncated}]`);
  return parts.join("\n");
}

/**
 * Every MCP tool call an agent makes as one `network_request` entry of the execution log:
 * which tool of which server, its arguments (cut), the outcome (a Stop is a warning) and time.
 */
export function mcpCallRecorder(deps: { db: Db; bus: EventBus }): RecordMcpCall {
  return async (call) => {
    const output = call.result.output as { stopped?: boolean } | null;
    const stopped = output?.stopped === true;
    await recordExecution(deps, {
      userId: call.userId,
      sessionId: call.sessionId,
      type: "network_request",
      command: `${call.agentTool} ${JSON.stringify(call.input)}`.slice(0, COMMAND_CHARS),
      result: describeMcpResult(call.result.output).slice(0, RESULT_CHARS),
      status: call.result.ok ? "success" : stopped ? "warning" : "error",
      metadata: {
        via: "mcp-client",
        mcpServer: call.server.name,
        transport: call.server.transport,
        tool: call.tool,
        executionTime: call.durationMs,
        ...(stopped ? { stopped: true } : {}),
      },
    });
  };
}
