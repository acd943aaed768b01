import {
  type McpServerStatus,
  type McpServerSummary,
  type McpToolInfo,
  mcpAgentToolName,
  mcpServerOfTool,
} from "@neuroos/contracts";

export type McpTone = "active" | "unavailable" | "checking";

/** A server's state in a few words: "Ready · 3 tools" ("(it offers more)" when its lists were cut), "Failed: <reason>", "Connecting…", "Disabled". */
export function mcpStatusText(status: McpServerStatus | undefined): { tone: McpTone; text: string } {
  if (!status) return { tone: "checking", text: "Checking…" };
  switch (status.state) {
    case "disabled":
      return { tone: "unavailable", text: "Disabled" };
    case "connecting":
      return { tone: "checking", text: "Connecting…" };
    case "failed":
      return { tone: "unavailable", text: `Failed: ${status.reason}` };
    case "ready": {
      const n = status.tools.length;
      const more = status.cut ? " (it offers more)" : "";
      return { tone: "active", text: `Ready · ${n} ${n === 1 ? "tool" : "tools"}${more}` };
    }
  }
}

export interface McpToolChoice {
  /** The agent's name for it: `<server>__<tool>`. */
  name: string;
  tool: McpToolInfo | null;
}

export interface McpToolGroup {
  server: string;
  /** Why its tools cannot be chosen now (not ready, removed); null when they can. */
  note: string | null;
  choices: McpToolChoice[];
}

/**
 * The MCP tools an agent may choose, grouped by server: every tool of a ready server, and each
 * chosen tool that cannot be offered now (its server not ready, removed, or no longer offering
 * it) so it can still be unchosen.
 */
export function mcpToolGroups(
  servers: McpServerSummary[],
  statusOf: (id: string) => McpServerStatus | undefined,
  chosen: string[],
): McpToolGroup[] {
  const groups: McpToolGroup[] = [];
  const chosenOf = (server: string) => chosen.filter((name) => mcpServerOfTool(name) === server);
  for (const server of servers) {
    const status = server.enabled ? statusOf(server.id) : { state: "disabled" as const };
    const offered: McpToolChoice[] =
      status?.state === "ready"
        ? status.tools.flatMap((tool) => {
            const name = mcpAgentToolName(server.name, tool.name);
            return name ? [{ name, tool }] : [];
          })
        : [];
    const gone = chosenOf(server.name)
      .filter((name) => !offered.some((c) => c.name === name))
      .map((name) => ({ name, tool: null }));
    if (offered.length + gone.length === 0) continue;
    const note = status?.state === "ready" ? null : mcpStatusText(status).text;
    groups.push({ server: server.name, note, choices: [...offered, ...gone] });
  }
  const known = new Set(servers.map((s) => s.name));
  const orphans = [...new Set(chosen.map(mcpServerOfTool))].filter(
    (server): server is string => server !== null && !known.has(server),
  );
  for (const server of orphans)
    groups.push({
      server,
      note: "No such MCP server any more",
      choices: chosenOf(server).map((name) => ({ name, tool: null })),
    });
  return groups;
}
