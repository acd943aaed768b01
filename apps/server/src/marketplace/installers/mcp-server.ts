import type { CreateMcpServerInput } from "@neuroos/contracts";
import type { McpConnections } from "../../mcp/connections";
import type { McpServers } from "../../mcp/servers";
import { type Installer, ignoreNotFound } from "../installer";

/** An MCP server is added to the person's servers (Tools & Agents), ready to connect; uninstall removes it. */
export function mcpServerInstaller(deps: {
  servers: McpServers;
  connections: Pick<McpConnections, "forget">;
}): Installer<CreateMcpServerInput> {
  return {
    describe: (p) =>
      p.transport === "http"
        ? `Adds the MCP server “${p.name}” (${p.url}) to your Tools & Agents, ready to connect.`
        : `Adds the local MCP server “${p.name}” (${[p.command, ...(p.args ?? [])].join(" ")}, run in your sandbox) to your Tools & Agents, ready to connect.`,
    async install({ user, payload }) {
      // Always the person's own server (never shared, no network), whoever installs it.
      const made = await deps.servers.create({ id: user.id, role: "user" }, payload);
      return { serverId: made.config.id };
    },
    async uninstall({ user }, effect) {
      if (typeof effect.serverId !== "string") return;
      await deps.servers.remove({ id: user.id, role: "user" }, effect.serverId).catch(ignoreNotFound);
      deps.connections.forget(effect.serverId);
    },
  };
}
