import type { McpServerSummary } from "@neuroos/contracts";
import { Plus } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api";
import { useCurrentUser } from "@/lib/current-user";
import { useDeleteMcpServer, useMcpServers } from "@/lib/resources/mcp-servers";
import { toast } from "@/lib/toast";
import { McpServerDetails } from "./mcp-server-details";
import { McpServerDialog } from "./mcp-server-dialog";
import { McpServerRow } from "./mcp-server-row";

type Open =
  | { kind: "add" }
  | { kind: "edit"; server: McpServerSummary }
  | { kind: "details"; server: McpServerSummary }
  | { kind: "delete"; server: McpServerSummary };

/** Tools & Agents: the person's MCP servers and the admin's shared ones, added, changed, removed. */
export function McpServersSection() {
  const servers = useMcpServers();
  const me = useCurrentUser();
  const isAdmin = me.data?.role === "admin";
  const [open, setOpen] = useState<Open | null>(null);
  // The dialogs mount only while open, so focus goes back to the button that opened them by hand.
  const opener = useRef<HTMLElement | null>(null);
  const show = (next: Open) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(next);
  };
  const close = () => {
    setOpen(null);
    requestAnimationFrame(() => opener.current?.isConnected && opener.current.focus());
  };

  return (
    <section aria-labelledby="mcp-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="mcp-heading" className="text-lg font-semibold">
          MCP servers
        </h2>
        <Button onClick={() => show({ kind: "add" })}>
          <Plus aria-hidden="true" />
          Add server
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Other programs' tools for your agents, over the Model Context Protocol: remote servers by URL, local
        ones started by a command in the sandbox (your workspace as their folder, no network).
      </p>
      {servers.isPending ? (
        <Spinner label="Loading MCP servers…" />
      ) : servers.isError ? (
        <p role="alert" className="text-sm text-danger-text">
          {errorMessage(servers.error, "The MCP servers could not be loaded.")}
        </p>
      ) : servers.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
          No MCP servers yet. Add one by its URL or by the command that starts it; its tools can then be given
          to your agents.
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="MCP servers">
          {servers.data.map((server) => (
            <McpServerRow
              key={server.id}
              server={server}
              canChange={!server.shared || isAdmin}
              onDetails={() => show({ kind: "details", server })}
              onEdit={() => show({ kind: "edit", server })}
              onDelete={() => show({ kind: "delete", server })}
            />
          ))}
        </ul>
      )}
      {open?.kind === "add" || open?.kind === "edit" ? (
        <McpServerDialog
          server={open.kind === "edit" ? open.server : null}
          isAdmin={isAdmin}
          onClose={close}
        />
      ) : null}
      {open?.kind === "details" ? <McpServerDetails server={open.server} onClose={close} /> : null}
      <DeleteServerDialog server={open?.kind === "delete" ? open.server : null} onClose={close} />
    </section>
  );
}

function DeleteServerDialog({ server, onClose }: { server: McpServerSummary | null; onClose: () => void }) {
  const remove = useDeleteMcpServer();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDeleteDialog
      open={server !== null}
      title={server ? `Delete ${server.name}?` : "Delete MCP server"}
      description={
        server?.shared
          ? "It is removed for every user; agents that use its tools go on without them."
          : "Agents that use its tools go on without them."
      }
      pending={remove.isPending}
      error={remove.error ? errorMessage(remove.error, "The server could not be deleted.") : null}
      onClose={close}
      onConfirm={() =>
        server &&
        remove.mutate(server.id, {
          onSuccess: () => {
            toast({ title: "MCP server deleted", description: server.name });
            close();
          },
        })
      }
    />
  );
}
