import { CheckboxField } from "@/features/settings";
import { errorMessage } from "@/lib/api";
import { useMcpServerDetails, useMcpServers } from "@/lib/resources/mcp-servers";
import { mcpToolGroups } from "./mcp-status";

/**
 * The MCP tools an agent may use, grouped by server: those of the person's ready servers (and
 * the shared ones), and chosen ones that cannot be offered now, kept so they can be unchosen.
 */
export function McpToolChoices({
  chosen,
  onToggle,
}: {
  chosen: string[];
  onToggle: (tool: string, on: boolean) => void;
}) {
  const servers = useMcpServers();
  const list = servers.data ?? [];
  const details = useMcpServerDetails(list.filter((s) => s.enabled).map((s) => s.id));
  const statusOf = (id: string) => details.find((d) => d.data?.id === id)?.data?.status;
  const groups = mcpToolGroups(list, statusOf, chosen);

  if (servers.isError)
    return (
      <p role="alert" className="text-sm text-danger-text">
        {errorMessage(servers.error, "The MCP servers could not be loaded.")}
      </p>
    );
  if (servers.isPending) return <p className="text-sm text-muted-foreground">Loading MCP tools…</p>;
  if (groups.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        {list.length
          ? "No MCP tools are ready yet."
          : "No MCP servers: add one under MCP servers to offer its tools."}
      </p>
    );
  return (
    <>
      {groups.map((group) => (
        <fieldset key={group.server} className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">
            MCP: <span className="font-mono">{group.server}</span>
            {group.note ? <span className="font-normal text-muted-foreground"> · {group.note}</span> : null}
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {group.choices.map(({ name, tool }) => (
              <CheckboxField
                key={name}
                label={name}
                description={
                  tool
                    ? `${tool.description || tool.title || tool.name}${tool.readOnly ? " (read-only)" : ""}`
                    : "Not available now"
                }
                checked={chosen.includes(name)}
                onCheckedChange={(on) => onToggle(name, on)}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </>
  );
}
