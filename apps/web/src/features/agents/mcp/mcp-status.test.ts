import type { McpServerStatus, McpServerSummary, McpToolInfo } from "@neuroos/contracts";
import { describe, expect, it } from "vitest";
import { mcpStatusText, mcpToolGroups } from "./mcp-status";

const tool = (name: string, readOnly = false): McpToolInfo => ({
  name,
  title: null,
  description: `${name} does things`,
  inputSchema: { type: "object" },
  readOnly,
});
const ready = (...tools: McpToolInfo[]): McpServerStatus => ({
  state: "ready",
  via: "stdio",
  serverInfo: null,
  tools,
  resources: [],
  prompts: [],
});
const server = (id: string, name: string, enabled = true): McpServerSummary => ({
  id,
  name,
  transport: "http",
  url: "https://example.com/mcp",
  command: null,
  args: [],
  headers: {},
  env: {},
  enabled,
  shared: false,
  allowNetwork: false,
  createdAt: "2026-01-01T00:00:00.000Z",
});

describe("mcpStatusText", () => {
  it("says each state in a few words", () => {
    expect(mcpStatusText(undefined)).toEqual({ tone: "checking", text: "Checking…" });
    expect(mcpStatusText({ state: "connecting" })).toEqual({ tone: "checking", text: "Connecting…" });
    expect(mcpStatusText({ state: "disabled" })).toEqual({ tone: "unavailable", text: "Disabled" });
    expect(mcpStatusText({ state: "failed", reason: "ECONNREFUSED" })).toEqual({
      tone: "unavailable",
      text: "Failed: ECONNREFUSED",
    });
    expect(mcpStatusText(ready(tool("a"), tool("b"))).text).toBe("Ready · 2 tools");
    expect(mcpStatusText(ready(tool("a"))).text).toBe("Ready · 1 tool");
    const cut = {
      ...ready(tool("a")),
      cut: "Showing the first 1000 tools: it offers more.",
    } as McpServerStatus;
    expect(mcpStatusText(cut).text).toBe("Ready · 1 tool (it offers more)");
  });
});

describe("mcpToolGroups", () => {
  const servers = [server("1", "docs"), server("2", "down"), server("3", "off", false), server("4", "quiet")];
  const statuses: Record<string, McpServerStatus> = {
    "1": ready(tool("search", true), tool("get page"), tool("x".repeat(80))),
    "2": { state: "failed", reason: "refused" },
    "4": ready(),
  };

  it("offers a ready server's tools by their agent names (too long ones left out)", () => {
    const groups = mcpToolGroups(servers, (id) => statuses[id], []);
    expect(groups).toEqual([
      {
        server: "docs",
        note: null,
        choices: [
          { name: "docs__search", tool: expect.objectContaining({ name: "search", readOnly: true }) },
          { name: "docs__get_page", tool: expect.objectContaining({ name: "get page" }) },
        ],
      },
    ]);
  });

  it("keeps chosen tools that cannot be offered now, saying why, so they can be unchosen", () => {
    const chosen = ["run_code", "docs__gone", "down__fetch", "off__x", "removed__y", "docs__search"];
    const groups = mcpToolGroups(servers, (id) => statuses[id], chosen);
    expect(groups.map((g) => [g.server, g.note, g.choices.map((c) => c.name)])).toEqual([
      ["docs", null, ["docs__search", "docs__get_page", "docs__gone"]],
      ["down", "Failed: refused", ["down__fetch"]],
      ["off", "Disabled", ["off__x"]],
      ["removed", "No such MCP server any more", ["removed__y"]],
    ]);
    expect(groups[0]?.choices[2]?.tool).toBeNull();
  });

  it("a server whose state is not known yet: its chosen tools stay, checking", () => {
    const groups = mcpToolGroups([server("9", "slow")], () => undefined, ["slow__a"]);
    expect(groups).toEqual([
      { server: "slow", note: "Checking…", choices: [{ name: "slow__a", tool: null }] },
    ]);
  });
});
