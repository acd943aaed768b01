import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { McpServerStatus } from "@neuroos/contracts";
import type { EndpointPolicy } from "../platform/endpoint-guard";
import type { Redactor } from "../redaction";
import type { CatalogKind, CatalogLimits, CatalogLists } from "./catalog";
import type { ListChanges } from "./list-changes";
import type { McpServerConfig } from "./servers";
import type { Connected, LaunchedCommand } from "./transports";

/** What McpConnections is given, and what it keeps for each person's server. */

export interface McpConnectionOptions {
  endpointPolicy: EndpointPolicy;
  /** Finds one of the person's servers by name (callTool's lookup). */
  lookup: (userId: string, name: string) => Promise<McpServerConfig | null>;
  /** A tool call that takes longer fails, and the server is told to cancel it. */
  callTimeoutMs: number;
  connectTimeoutMs?: number;
  /** A tool's result over this (as JSON) is cut, saying so. */
  maxResultBytes?: number;
  /** A remote server's answer (or one event of its stream) over this fails (default 16 MB). */
  maxMessageBytes?: number;
  /** After a failure, the next use reconnects no sooner than this (doubling, up to maxMs). */
  backoff?: { baseMs: number; maxMs: number };
  /** Starts a local (stdio) server's command inside the sandbox; without it they fail. */
  launchStdio?: (config: McpServerConfig) => Promise<LaunchedCommand>;
  /** A connection unused this long is closed (a local server stopped); the next use opens it again. */
  idleMs?: number;
  /** How much of a server's tools, resources and prompts is read (default CATALOG_LIMITS). */
  catalogLimits?: CatalogLimits;
  /** Hides the server's secrets in what a server's failure says (its headers' and environment variables' values are added). */
  redactor?: Redactor;
}

export interface CallOptions {
  signal?: AbortSignal;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

export interface Entry {
  serverId: string;
  /** The configuration it was opened with: a changed one starts afresh. */
  key: string;
  status: McpServerStatus;
  client: Client | null;
  connection: Connected | null;
  connecting: Promise<void> | null;
  failures: number;
  retryAt: number;
  lastUsed: number;
  /** Calls in flight: a connection is not closed as idle while one runs. */
  calls: number;
  /** Hides the server's secrets and this server's header and environment values in what its failures say. */
  redactor: Redactor;
  /** Its lists as last read (the status gives them); lists the server said changed before they were read. */
  lists: CatalogLists | null;
  stale: Set<CatalogKind>;
  /** Its lists being read again after the server said they changed. */
  listChanges: ListChanges | null;
  /** Rejected when the connection fails, so calls in flight fail at once with the reason. */
  dropped: Promise<never>;
  drop: (err: Error) => void;
}

/** The server cannot be asked now: turned off, not connected, or its connection failed. */
export class McpUnavailableError extends Error {}

/** Closes a client, then frees what its connection held (a local server's sandbox). */
export async function closeConnection(client: Client, connection: Connected | null): Promise<void> {
  await client.close().catch(() => {});
  await connection?.release().catch(() => {});
}

export function droppable(): Pick<Entry, "dropped" | "drop"> {
  let drop: (err: Error) => void = () => {};
  const dropped = new Promise<never>((_resolve, reject) => {
    drop = reject;
  });
  dropped.catch(() => {});
  return { dropped, drop };
}

/** A server's connection for one person: a shared server is connected for each user on their own. */
export const entryKey = (config: Pick<McpServerConfig, "id" | "userId">) => `${config.id}/${config.userId}`;
