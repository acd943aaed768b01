import { agentToolNames } from "@neuroos/contracts";
import { CheckboxField } from "../settings";
import { McpToolChoices } from "./mcp/mcp-tool-choices";

/** The agent's tools: the built-in ones, then the MCP servers' grouped by server. */
export function AgentToolsFieldset({
  tools,
  error,
  onChange,
}: {
  tools: string[];
  error?: string;
  onChange: (tools: string[]) => void;
}) {
  const toggle = (tool: string, on: boolean) =>
    onChange(on ? [...tools.filter((t) => t !== tool), tool] : tools.filter((t) => t !== tool));
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-1 text-sm font-medium">Tools</legend>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Built-in</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {agentToolNames.map((tool) => (
            <CheckboxField
              key={tool}
              label={tool}
              checked={tools.includes(tool)}
              onCheckedChange={(on) => toggle(tool, on)}
            />
          ))}
        </div>
      </fieldset>
      <McpToolChoices chosen={tools} onToggle={toggle} />
      {error ? <p className="text-sm text-danger-text">{error}</p> : null}
    </fieldset>
  );
}
