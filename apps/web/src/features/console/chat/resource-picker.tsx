import type { McpResourceContent, McpServerDetail } from "@neuroos/contracts";
import { type FormEvent, useEffect, useState } from "react";
import {
  type McpItemKind,
  ReadyMcpItemFields,
  useReadyMcpItem,
} from "@/components/mcp/ready-mcp-item-fields";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { errorMessage } from "@/lib/api";
import { type ReadyMcpServer, readMcpResource } from "@/lib/resources/mcp-servers";

type McpResourceInfo = ReadyMcpServer["status"]["resources"][number];

const resources: McpItemKind<McpResourceInfo> = {
  label: "Resource",
  itemsOf: (server) => server.status.resources,
  keyOf: (resource) => resource.uri,
  nameOf: (resource) => resource.name,
  about: (resource) => (
    <span className="break-all">
      {[resource.uri, resource.mimeType, resource.description].filter(Boolean).join(" · ")}
    </span>
  ),
};

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
  const choice = useReadyMcpItem(open, resources);
  const { server, item: resource } = choice;
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);

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
        <ReadyMcpItemFields
          choice={choice}
          empty={<NoneReady notReady={choice.servers.notReady} />}
          onChoose={() => setError(null)}
        />
        <FormActions
          error={error}
          pending={reading}
          disabled={!resource}
          label="Attach"
          pendingLabel="Reading..."
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

/** No server offers a resource: the ones not ready, with why. */
function NoneReady({ notReady }: { notReady: McpServerDetail[] }) {
  return (
    <div className="grid gap-2 text-sm">
      <p>None of your MCP servers is ready with resources to attach.</p>
      {notReady.length > 0 ? (
        <ul className="grid gap-1 text-xs text-muted-foreground">
          {notReady.map((s) => (
            <li key={s.id}>
              {s.name}: {s.status.state === "failed" ? s.status.reason : s.status.state}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
