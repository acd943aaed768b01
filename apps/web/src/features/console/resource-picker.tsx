import type { McpResourceContent } from "@neuroos/contracts";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { errorMessage } from "../../lib/api";
import { readMcpResource, useReadyMcpServers } from "../../lib/resources/mcp-servers";

const selectClass =
  "h-10 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring";

/**
 * Attach a resource of one of the person's ready MCP servers: pick the server, then the resource;
 * it is read at once (so a resource too big or gone says so here), and read again by the server
 * when the message is sent.
 */
export function ResourcePicker({
  open,
  onClose,
  onAttach,
}: {
  open: boolean;
  onClose: () => void;
  onAttach: (resource: McpResourceContent) => void;
}) {
  const servers = useReadyMcpServers(open);
  const offering = servers.ready.filter((s) => s.status.resources.length > 0);
  const [serverId, setServerId] = useState("");
  const [uri, setUri] = useState("");
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const server = offering.find((s) => s.id === serverId) ?? offering[0];
  const resource = server?.status.resources.find((r) => r.uri === uri) ?? server?.status.resources[0];

  useEffect(() => {
    if (!open) {
      setError(null);
      setReading(false);
    }
  }, [open]);

  const attach = async (event: FormEvent) => {
    event.preventDefault();
    if (!server || !resource || reading) return;
    setReading(true);
    setError(null);
    try {
      onAttach(await readMcpResource(server.id, resource.uri));
      onClose();
    } catch (err) {
      setError(errorMessage(err, "The resource could not be read."));
    } finally {
      setReading(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Attach an MCP resource"
      description="The model reads it with your message."
    >
      <form onSubmit={attach} className="grid gap-4 p-5" noValidate>
        {servers.isPending && offering.length === 0 ? (
          <Spinner label="Asking your MCP servers..." />
        ) : servers.error && offering.length === 0 ? (
          <div className="grid justify-items-start gap-2">
            <p role="alert" className="text-sm text-danger-text">
              {errorMessage(servers.error, "Your MCP servers could not be listed.")}
            </p>
            <Button type="button" size="sm" variant="outline" onClick={servers.refetch}>
              Try again
            </Button>
          </div>
        ) : offering.length === 0 ? (
          <div className="grid gap-2 text-sm">
            <p>None of your MCP servers is ready with resources to attach.</p>
            {servers.notReady.length > 0 ? (
              <ul className="grid gap-1 text-xs text-muted-foreground">
                {servers.notReady.map((s) => (
                  <li key={s.id}>
                    {s.name}: {s.status.state === "failed" ? s.status.reason : s.status.state}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : (
          <>
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-server`} className="text-sm font-medium">
                Server
              </label>
              <select
                id={`${id}-server`}
                value={server?.id ?? ""}
                onChange={(e) => {
                  setServerId(e.target.value);
                  setUri("");
                  setError(null);
                }}
                className={selectClass}
              >
                {offering.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-resource`} className="text-sm font-medium">
                Resource
              </label>
              <select
                id={`${id}-resource`}
                value={resource?.uri ?? ""}
                onChange={(e) => {
                  setUri(e.target.value);
                  setError(null);
                }}
                aria-describedby={`${id}-about`}
                className={selectClass}
              >
                {server?.status.resources.map((r) => (
                  <option key={r.uri} value={r.uri}>
                    {r.name}
                  </option>
                ))}
              </select>
              <p id={`${id}-about`} className="text-xs break-all text-muted-foreground">
                {resource
                  ? [resource.uri, resource.mimeType, resource.description].filter(Boolean).join(" · ")
                  : ""}
              </p>
            </div>
          </>
        )}
        {error ? (
          <p role="alert" className="text-sm text-danger-text">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!resource || reading}>
            {reading ? "Reading..." : "Attach"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
