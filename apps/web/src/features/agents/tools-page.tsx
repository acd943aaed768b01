import { type Agent, type ProviderId, type ProviderStatus, providerIds } from "@neuroos/contracts";
import { Plus } from "lucide-react";
import { useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api";
import { useAgents, useDeleteAgent, useSandboxHealth, useUpdateAgent } from "@/lib/resources/agents";
import { useProviderStatus, useProviders } from "@/lib/resources/providers";
import { toast } from "@/lib/toast";
import { AgentDialog } from "./agent-dialog";
import { McpServersSection } from "./mcp/mcp-servers-section";
import { StatusDot } from "./status-dot";
import { type ToolStatus, toolStatus, tools } from "./tools";

/** /dashboard/tools: the agent tools with their live status, and the user's agents. */
export function ToolsPage() {
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 p-4 sm:p-6">
      <title>Tools & Agents · NeuroOS</title>
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Tools & Agents</h1>
        <p className="text-sm text-muted-foreground">
          The tools the model can use, whether they work here, and the agents that use them.
        </p>
      </header>
      <ToolsSection />
      <McpServersSection />
      <ProvidersSection />
      <AgentsSection />
    </div>
  );
}

const stateLabels: Record<ToolStatus["state"], string> = {
  active: "Active",
  unavailable: "Unavailable",
  checking: "Checking",
};

function ToolsSection() {
  const health = useSandboxHealth();
  return (
    <section aria-labelledby="tools-heading" className="grid gap-3">
      <h2 id="tools-heading" className="text-lg font-semibold">
        Tools
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {tools.map((tool) => {
          const status = toolStatus(tool, health.data, health.isError);
          return (
            <li key={tool.name} aria-labelledby={`tool-${tool.name}`}>
              <Card className="grid h-full gap-2 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 id={`tool-${tool.name}`} className="font-mono text-sm font-semibold">
                    {tool.name}
                  </h3>
                  <span
                    className="inline-flex items-center gap-1.5 text-xs font-medium"
                    data-testid={`tool-${tool.name}-status`}
                  >
                    <StatusDot state={status.state} />
                    {stateLabels[status.state]}
                  </span>
                </div>
                <p className="text-sm">{tool.description}</p>
                <p className="text-xs break-words text-muted-foreground">{status.detail}</p>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ProvidersSection() {
  const providers = useProviders();
  return (
    <section aria-labelledby="providers-heading" className="grid gap-3">
      <h2 id="providers-heading" className="text-lg font-semibold">
        Model providers
      </h2>
      {providers.isError ? (
        <p role="alert" className="text-sm text-danger-text">
          {errorMessage(providers.error, "The providers could not be listed.")}
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {providerIds.map((id) => (
            <ProviderRow
              key={id}
              id={id}
              name={providers.data?.providers.find((p) => p.id === id)?.name ?? id}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

const providerLabels: Record<ProviderStatus["status"], string> = {
  active: "Reachable",
  unconfigured: "Not configured",
  invalid_key: "Invalid key",
  rate_limited: "Rate limited",
  unreachable: "Unreachable",
  error: "Error",
};

function ProviderRow({ id, name }: { id: ProviderId; name: string }) {
  const status = useProviderStatus(id);
  const state: ToolStatus["state"] = status.data
    ? status.data.status === "active"
      ? "active"
      : "unavailable"
    : status.isError
      ? "unavailable"
      : "checking";
  return (
    <li className="grid gap-1 rounded-lg border border-border bg-card p-3">
      <span className="flex items-center justify-between gap-2 text-sm font-medium">
        {name}
        <span className="inline-flex items-center gap-1.5 text-xs">
          <StatusDot state={state} />
          {status.data ? providerLabels[status.data.status] : stateLabels[state]}
        </span>
      </span>
      <span className="text-xs break-words text-muted-foreground">{status.data?.detail ?? ""}</span>
    </li>
  );
}

function AgentsSection() {
  const agents = useAgents();
  const [editing, setEditing] = useState<Agent | "new" | null>(null);
  const [deleting, setDeleting] = useState<Agent | null>(null);
  const update = useUpdateAgent();
  // The dialog mounts only while open, so focus goes back to the button that opened it by hand.
  const opener = useRef<HTMLElement | null>(null);
  const openEditor = (target: Agent | "new") => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditing(target);
  };
  const closeEditor = () => {
    setEditing(null);
    requestAnimationFrame(() => opener.current?.isConnected && opener.current.focus());
  };

  function makeDefault(agent: Agent) {
    update.mutate(
      { id: agent.id, input: { isDefault: true } },
      {
        onSuccess: () =>
          toast({ title: "Default agent changed", description: `${agent.name} is now the default.` }),
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Not changed",
            description: errorMessage(error, "The default agent could not be changed."),
          }),
      },
    );
  }

  return (
    <section aria-labelledby="agents-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="agents-heading" className="text-lg font-semibold">
          Agents
        </h2>
        <Button onClick={() => openEditor("new")}>
          <Plus aria-hidden="true" />
          New agent
        </Button>
      </div>
      {agents.isPending ? (
        <Spinner label="Loading agents…" />
      ) : agents.isError ? (
        <p role="alert" className="text-sm text-danger-text">
          {errorMessage(agents.error, "The agents could not be loaded.")}
        </p>
      ) : (
        <ul className="grid gap-3">
          {agents.data.map((agent) => (
            <li key={agent.id} aria-labelledby={`agent-${agent.id}`}>
              <Card className="grid gap-3 p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="grid min-w-0 gap-1">
                    <h3
                      id={`agent-${agent.id}`}
                      className="flex flex-wrap items-center gap-2 font-semibold break-words"
                    >
                      {agent.name}
                      {agent.isDefault ? <Badge tone="primary">Default</Badge> : null}
                      {agent.safeMode ? <Badge>Safe mode</Badge> : <Badge>Safe mode off</Badge>}
                    </h3>
                    {agent.description ? (
                      <p className="text-sm break-words text-muted-foreground">{agent.description}</p>
                    ) : null}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => openEditor(agent)}
                      aria-label={`Edit ${agent.name}`}
                    >
                      Edit
                    </Button>
                    {agent.isDefault ? null : (
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => makeDefault(agent)}
                        disabled={update.isPending}
                        aria-label={`Make ${agent.name} the default`}
                      >
                        Set default
                      </Button>
                    )}
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setDeleting(agent)}
                      aria-label={`Delete ${agent.name}`}
                    >
                      Delete
                    </Button>
                  </div>
                </div>
                <dl className="grid gap-x-4 gap-y-1 text-xs sm:grid-cols-[auto_1fr]">
                  <dt className="text-muted-foreground">Model</dt>
                  <dd className="break-words">
                    {agent.provider ?? "Default provider"}
                    {agent.model ? ` · ${agent.model}` : ""} · temperature {agent.temperature}
                  </dd>
                  <dt className="text-muted-foreground">Tools</dt>
                  <dd className="font-mono break-words">
                    {agent.tools.length ? agent.tools.join(", ") : "none"}
                  </dd>
                </dl>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {editing ? <AgentDialog agent={editing === "new" ? null : editing} onClose={closeEditor} /> : null}
      <DeleteAgentDialog agent={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function DeleteAgentDialog({ agent, onClose }: { agent: Agent | null; onClose: () => void }) {
  const remove = useDeleteAgent();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDeleteDialog
      open={agent !== null}
      title={agent ? `Delete ${agent.name}?` : "Delete agent"}
      description="The agent is removed; sessions that used it continue without it."
      pending={remove.isPending}
      error={error}
      onClose={close}
      onConfirm={() =>
        agent &&
        remove.mutate(agent.id, {
          onSuccess: () => {
            toast({ title: "Agent deleted", description: `${agent.name} was deleted.` });
            close();
          },
          onError: (e) => setError(errorMessage(e, "The agent could not be deleted.")),
        })
      }
    />
  );
}
