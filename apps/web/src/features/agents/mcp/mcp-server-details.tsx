import type { McpServerStatus, McpServerSummary } from "@neuroos/contracts";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api";
import { useMcpServer } from "@/lib/resources/mcp-servers";
import { mcpStatusText } from "./mcp-status";
import { McpStatusLine, ReconnectButton } from "./mcp-status-line";

type Ready = Extract<McpServerStatus, { state: "ready" }>;

/** One server in full: where it is, its state, and its tools, resources and prompts. */
export function McpServerDetails({ server, onClose }: { server: McpServerSummary; onClose: () => void }) {
  const detail = useMcpServer(server.id);
  const status = detail.data?.status;
  return (
    <Dialog
      open
      size="lg"
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={server.name}
      description={server.url ?? [server.command, ...server.args].join(" ")}
    >
      <div className="grid gap-5 p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <McpStatusLine
            status={status}
            error={detail.isError ? errorMessage(detail.error, "Its state could not be read.") : null}
          />
          <ReconnectButton server={server} />
        </div>
        {status?.state === "ready" ? (
          <Catalog status={status} />
        ) : detail.isPending ? (
          <Spinner label="Connecting…" />
        ) : (
          <p className="text-sm text-muted-foreground">
            {status ? `${mcpStatusText(status).text}. ` : ""}Its tools, resources and prompts are listed once
            it is ready.
          </p>
        )}
      </div>
    </Dialog>
  );
}

function Catalog({ status }: { status: Ready }) {
  return (
    <>
      {status.serverInfo ? (
        <p className="text-xs text-muted-foreground">
          {status.serverInfo.name} {status.serverInfo.version} · connected via {status.via}
        </p>
      ) : null}
      {status.instructions ? (
        <section aria-labelledby="mcp-part-instructions" className="grid gap-2">
          <h3 id="mcp-part-instructions" className="text-sm font-semibold">
            Its instructions (given to agents with its tools)
          </h3>
          <p className="rounded-md border border-border p-3 text-sm break-words whitespace-pre-wrap">
            {status.instructions}
          </p>
        </section>
      ) : null}
      {status.cut ? (
        <p className="rounded-md border border-border p-3 text-sm" role="note">
          {status.cut}
        </p>
      ) : null}
      <Part title="Tools" count={status.tools.length} empty="It offers no tools.">
        {status.tools.map((tool) => (
          <li key={tool.name} className="grid gap-1 rounded-md border border-border p-3">
            <span className="flex flex-wrap items-center gap-2">
              <code className="break-all text-sm font-semibold">{tool.name}</code>
              {tool.readOnly ? (
                <Badge>Read-only</Badge>
              ) : (
                <Badge tone="accent">Asks first in safe mode</Badge>
              )}
            </span>
            {tool.title && tool.title !== tool.name ? (
              <span className="text-sm font-medium">{tool.title}</span>
            ) : null}
            <span className="text-sm break-words text-muted-foreground">
              {tool.description || "No description."}
            </span>
          </li>
        ))}
      </Part>
      <Part title="Resources" count={status.resources.length} empty="It offers no resources.">
        {status.resources.map((resource) => (
          <li key={resource.uri} className="grid gap-1 rounded-md border border-border p-3">
            <span className="text-sm font-medium break-words">{resource.name}</span>
            <code className="break-all text-xs text-muted-foreground">
              {resource.uri}
              {resource.mimeType ? ` · ${resource.mimeType}` : ""}
            </code>
            {resource.description ? (
              <span className="text-sm break-words">{resource.description}</span>
            ) : null}
          </li>
        ))}
      </Part>
      <Part title="Prompts" count={status.prompts.length} empty="It offers no prompts.">
        {status.prompts.map((prompt) => (
          <li key={prompt.name} className="grid gap-1 rounded-md border border-border p-3">
            <code className="break-all text-sm font-semibold">{prompt.name}</code>
            {prompt.description ? (
              <span className="text-sm break-words text-muted-foreground">{prompt.description}</span>
            ) : null}
            {prompt.arguments.length ? (
              <span className="text-xs break-words">
                Arguments:{" "}
                {prompt.arguments.map((a) => `${a.name}${a.required ? "" : " (optional)"}`).join(", ")}
              </span>
            ) : null}
          </li>
        ))}
      </Part>
    </>
  );
}

function Part({
  title,
  count,
  empty,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  children: ReactNode;
}) {
  const id = `mcp-part-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h3 id={id} className="text-sm font-semibold">
        {title} ({count})
      </h3>
      {count ? (
        <ul className="grid gap-2" aria-labelledby={id}>
          {children}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{empty}</p>
      )}
    </section>
  );
}
