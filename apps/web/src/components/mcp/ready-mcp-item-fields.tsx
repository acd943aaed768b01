import { type ReactNode, useId, useState } from "react";
import { errorMessage } from "@/lib/api";
import { type ReadyMcpServer, useReadyMcpServers } from "@/lib/resources/mcp-servers";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";

const selectClass =
  "h-10 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring";

/** One kind of thing a ready MCP server offers (its resources, its prompts) and how to show it. */
export interface McpItemKind<Item> {
  /** The label of the item's select, e.g. 'Resource'. */
  label: string;
  itemsOf: (server: ReadyMcpServer) => Item[];
  keyOf: (item: Item) => string;
  nameOf: (item: Item) => string;
  /** The line under the select about the chosen item. */
  about: (item: Item) => ReactNode;
}

/**
 * The person's ready MCP servers that offer items of `kind` (asked only while `open`), and the
 * chosen server and item: the first of each until another is chosen.
 */
export function useReadyMcpItem<Item>(open: boolean, kind: McpItemKind<Item>) {
  const servers = useReadyMcpServers(open);
  const offering = servers.ready.filter((s) => kind.itemsOf(s).length > 0);
  const [serverId, setServerId] = useState("");
  const [key, setKey] = useState("");
  const server = offering.find((s) => s.id === serverId) ?? offering[0];
  const items = server ? kind.itemsOf(server) : [];
  const item = items.find((i) => kind.keyOf(i) === key) ?? items[0];
  return {
    kind,
    servers,
    offering,
    server,
    items,
    item,
    /** Another server (its first item) or another item of this server. */
    choose: (next: { serverId?: string; key: string }) => {
      if (next.serverId !== undefined) setServerId(next.serverId);
      setKey(next.key);
    },
  };
}

export type ReadyMcpItemChoice<Item> = ReturnType<typeof useReadyMcpItem<Item>>;

/**
 * Picks a server among the ready ones, then one of its items; while the servers are asked, a
 * spinner; when they could not be, the error and Try again; when none offers any, `empty`.
 * `children` (the chosen item's own fields) follow the selects.
 */
export function ReadyMcpItemFields<Item>({
  choice,
  empty,
  onChoose,
  children,
}: {
  choice: ReadyMcpItemChoice<Item>;
  empty: ReactNode;
  /** After another server or item is chosen (what was typed or failed for the last one goes). */
  onChoose: () => void;
  children?: ReactNode;
}) {
  const { kind, servers, offering, server, items, item } = choice;
  const id = useId();
  const choose = (next: { serverId?: string; key: string }) => {
    choice.choose(next);
    onChoose();
  };
  if (servers.isPending && offering.length === 0) return <Spinner label="Asking your MCP servers..." />;
  if (servers.error && offering.length === 0)
    return (
      <div className="grid justify-items-start gap-2">
        <p role="alert" className="text-sm text-danger-text">
          {errorMessage(servers.error, "Your MCP servers could not be listed.")}
        </p>
        <Button type="button" size="sm" variant="outline" onClick={servers.refetch}>
          Try again
        </Button>
      </div>
    );
  if (offering.length === 0) return empty;
  return (
    <>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-server`} className="text-sm font-medium">
          Server
        </label>
        <select
          id={`${id}-server`}
          value={server?.id ?? ""}
          onChange={(e) => choose({ serverId: e.target.value, key: "" })}
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
        <label htmlFor={`${id}-item`} className="text-sm font-medium">
          {kind.label}
        </label>
        <select
          id={`${id}-item`}
          value={item ? kind.keyOf(item) : ""}
          onChange={(e) => choose({ key: e.target.value })}
          aria-describedby={`${id}-about`}
          className={selectClass}
        >
          {items.map((i) => (
            <option key={kind.keyOf(i)} value={kind.keyOf(i)}>
              {kind.nameOf(i)}
            </option>
          ))}
        </select>
        <p id={`${id}-about`} className="text-xs text-muted-foreground">
          {item ? kind.about(item) : ""}
        </p>
      </div>
      {children}
    </>
  );
}
