import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { APP_VERSION } from "@neuroos/contracts";
import { type McpToolDeps, serveTools, type ToolRunHooks } from "./server-tools";
import type { TokenHolder } from "./tokens";

export { MCP_TOOL_NAMES, toolsFor } from "./server-tools";

export type McpDeps = McpToolDeps;

/**
 * An MCP server (the official SDK's) for one holder of a token, built for each request (any node
 * answers any request): the workspace tools (`server-tools.ts`).
 */
export function mcpServerFor(holder: TokenHolder, deps: McpDeps, hooks: ToolRunHooks = {}): Server {
  const server = new Server({ name: "NeuroOS", version: APP_VERSION }, { capabilities: { tools: {} } });
  serveTools(server as never, holder, deps, hooks);
  return server;
}
