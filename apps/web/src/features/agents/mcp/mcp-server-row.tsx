import type { McpServerSummary } from "@neuroos/contracts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/lib/api";
import { useMcpServer, useUpdateMcpServer } from "@/lib/resources/mcp-servers";
import { toast } from "@/lib/toast";
import { McpStatusLine, ReconnectButton } from "./mcp-status-line";

/** Where a server is: its URL, or its command line. */
export const serverAddress = (server: McpServerSummary) =>
  server.url ?? [server.command, ...server.args].join(" ");

/** One server of the list: what and where it is, its live state, and what can be done with it. */
export function McpServerRow({
  server,
  canChange,
  onDetails,
  onEdit,
  onDelete,
}: {
  server: McpServerSummary;
  /** Its owner, or the admin for a shared server; others only look and reconnect. */
  canChange: boolean;
  onDetails: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const detail = useMcpServer(server.id);
  const update = useUpdateMcpServer();
  const headingId = `mcp-server-${server.id}`;
  const toggle = () =>
    update.mutate(
      { id: server.id, input: { enabled: !server.enabled } },
      {
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Not changed",
            description: errorMessage(error, "The server could not be turned on or off."),
          }),
      },
    );
  return (
    <li aria-labelledby={headingId}>
      <Card className="grid gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 gap-1">
            <h3 id={headingId} className="flex flex-wrap items-center gap-2 text-sm font-semibold">
              <span className="font-mono break-all">{server.name}</span>
              <Badge>{server.transport === "http" ? "Remote" : "Local"}</Badge>
              {server.shared ? <Badge tone="primary">Shared by the admin</Badge> : null}
              {server.allowNetwork ? <Badge>Network allowed</Badge> : null}
            </h3>
            <p className="text-xs break-all text-muted-foreground">{serverAddress(server)}</p>
          </div>
          <McpStatusLine
            testId={`mcp-${server.name}-status`}
            status={server.enabled ? detail.data?.status : { state: "disabled" }}
            error={detail.isError ? errorMessage(detail.error, "Its state could not be read.") : null}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onDetails} aria-label={`Details of ${server.name}`}>
            Details
          </Button>
          <ReconnectButton server={server} />
          {canChange ? (
            <>
              <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${server.name}`}>
                Edit
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={update.isPending}
                onClick={toggle}
                aria-label={`${server.enabled ? "Turn off" : "Turn on"} ${server.name}`}
              >
                {server.enabled ? "Turn off" : "Turn on"}
              </Button>
              <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${server.name}`}>
                Delete
              </Button>
            </>
          ) : null}
        </div>
      </Card>
    </li>
  );
}
