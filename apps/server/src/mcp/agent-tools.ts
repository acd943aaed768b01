import { mcpAgentToolName } from "@neuroos/contracts";
import { z } from "zod";
import type { AgentTool } from "../agent/tools/types";
import type { McpConnections } from "./connections";
import type { McpServers } from "./servers";

const anyArguments = z.record(z.string(), z.unknown());

/**
 * The person's ready MCP servers' tools as agent tools (not yet offered by chat): the server's
 * input schema given to the model as it is, safe mode asking first unless the tool says it is
 * read-only, progress shown as the call's output, Stop cancelling the call.
 */
export async function mcpAgentTools(
  deps: { servers: McpServers; connections: McpConnections },
  userId: string,
  waitMs = 3000,
): Promise<AgentTool<Record<string, unknown>>[]> {
  const tools: AgentTool<Record<string, unknown>>[] = [];
  for (const { config } of await deps.servers.list(userId)) {
    if (!config.enabled) continue;
    const status = await deps.connections.status(config, waitMs);
    if (status.state !== "ready") continue;
    for (const tool of status.tools) {
      const name = mcpAgentToolName(config.name, tool.name);
      if (!name) continue;
      tools.push({
        name,
        description: `${tool.description || tool.title || tool.name} (MCP server "${config.name}")`,
        input: anyArguments,
        jsonSchema: tool.inputSchema,
        needsApproval: !tool.readOnly,
        run: (ctx, input) =>
          deps.connections.callTool(ctx.user.id, config.name, tool.name, input, {
            signal: ctx.signal,
            onProgress: ({ progress, total, message }) =>
              ctx.onOutput(
                "stdout",
                `${total ? `${progress}/${total}` : String(progress)}${message ? ` ${message}` : ""}\n`,
              ),
          }),
      });
    }
  }
  return tools;
}
