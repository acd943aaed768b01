import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { McpPromptInfo, McpResourceInfo, McpToolInfo } from "@neuroos/contracts";

/**
 * How much of one list (tools, resources, prompts) is read: every page, up to `items` entries or
 * `pages` pages (a server that never stops paging), whichever comes first. What is left out is said.
 */
export interface CatalogLimits {
  items: number;
  pages: number;
}
export const CATALOG_LIMITS: CatalogLimits = { items: 1000, pages: 200 };
const MAX_TEXT = 4000;
const clip = (s: string | undefined | null) => (s ? s.slice(0, MAX_TEXT) : null);

type Page<T> = { items: T[]; nextCursor?: string };
type Listed<T> = { items: T[]; cut: string | null };
/** "1 tool", "3 tools" (`kind` is the plural). */
const counted = (n: number, kind: string) => `${n} ${n === 1 ? kind.slice(0, -1) : kind}`;

/** Every page of one list, within the limits; `cut` says in words what was left out, and why. */
async function paged<T>(
  kind: string,
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
  limits: CatalogLimits,
  /** Names an entry: a server that lists one twice is read as listing it once. */
  key: (item: T) => string,
): Promise<Listed<T>> {
  const all: T[] = [];
  const named = new Set<string>();
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; ; page += 1) {
    if (page >= limits.pages)
      return {
        items: all,
        cut: `Showing the ${counted(all.length, kind)} of its first ${limits.pages} pages: it offers more`,
      };
    const { items, nextCursor } = await fetchPage(cursor);
    for (const item of items) {
      if (named.has(key(item))) continue;
      named.add(key(item));
      all.push(item);
    }
    if (all.length > limits.items || (all.length === limits.items && nextCursor))
      return {
        items: all.slice(0, limits.items),
        cut: `Showing the first ${limits.items} ${kind}: it offers more`,
      };
    if (!nextCursor) return { items: all, cut: null };
    if (seen.has(nextCursor))
      return {
        items: all,
        cut: `Showing the ${counted(all.length, kind)} read: the server gave the same page twice`,
      };
    seen.add(nextCursor);
    cursor = nextCursor;
  }
}

const none = <T>(): Listed<T> => ({ items: [], cut: null });

export const listTools = (client: Client, timeout: number, limits = CATALOG_LIMITS) =>
  paged<McpToolInfo>(
    "tools",
    async (cursor) => {
      const page = await client.listTools(cursor ? { cursor } : undefined, { timeout });
      return {
        nextCursor: page.nextCursor,
        items: page.tools.map((t) => ({
          name: t.name,
          title: clip(t.title ?? t.annotations?.title),
          description: clip(t.description) ?? "",
          inputSchema: t.inputSchema as Record<string, unknown>,
          readOnly: t.annotations?.readOnlyHint === true,
        })),
      };
    },
    limits,
    (t) => t.name,
  );

/** A server's resources and prompts are extras: a server that fails to list them still works. */
export const listResources = (client: Client, timeout: number, limits = CATALOG_LIMITS) =>
  paged<McpResourceInfo>(
    "resources",
    async (cursor) => {
      const page = await client.listResources(cursor ? { cursor } : undefined, { timeout });
      return {
        nextCursor: page.nextCursor,
        items: page.resources.map((r) => ({
          uri: r.uri,
          name: r.name,
          description: clip(r.description),
          mimeType: r.mimeType ?? null,
        })),
      };
    },
    limits,
    (r) => r.uri,
  ).catch(none<McpResourceInfo>);

export const listPrompts = (client: Client, timeout: number, limits = CATALOG_LIMITS) =>
  paged<McpPromptInfo>(
    "prompts",
    async (cursor) => {
      const page = await client.listPrompts(cursor ? { cursor } : undefined, { timeout });
      return {
        nextCursor: page.nextCursor,
        items: page.prompts.map((p) => ({
          name: p.name,
          description: clip(p.description),
          arguments: (p.arguments ?? []).map((a) => ({
            name: a.name,
            description: clip(a.description),
            required: a.required === true,
          })),
        })),
      };
    },
    limits,
    (p) => p.name,
  ).catch(none<McpPromptInfo>);

export type CatalogKind = "tools" | "resources" | "prompts";
/** A server's lists as read, each with what it left out. */
export interface CatalogLists {
  tools: Listed<McpToolInfo>;
  resources: Listed<McpResourceInfo>;
  prompts: Listed<McpPromptInfo>;
}

/** Reads one list again (a server said it changed): that list, as `readCatalog` reads it. */
export function readList<K extends CatalogKind>(
  client: Client,
  kind: K,
  timeout: number,
  limits = CATALOG_LIMITS,
): Promise<CatalogLists[K]> {
  const read = { tools: listTools, resources: listResources, prompts: listPrompts }[kind];
  return read(client, timeout, limits) as Promise<CatalogLists[K]>;
}

/** What a connected server offers: its tools, resources and prompts (those it declares). */
export async function readCatalog(
  client: Client,
  timeout: number,
  limits = CATALOG_LIMITS,
): Promise<CatalogLists> {
  const caps = client.getServerCapabilities() ?? {};
  return {
    tools: caps.tools ? await listTools(client, timeout, limits) : none<McpToolInfo>(),
    resources: caps.resources ? await listResources(client, timeout, limits) : none<McpResourceInfo>(),
    prompts: caps.prompts ? await listPrompts(client, timeout, limits) : none<McpPromptInfo>(),
  };
}

/** The lists as the status gives them, with what they left out in words (one sentence each). */
export function catalogOf(lists: CatalogLists) {
  const said = [lists.tools.cut, lists.resources.cut, lists.prompts.cut].filter(
    (c): c is string => c !== null,
  );
  return {
    tools: lists.tools.items,
    resources: lists.resources.items,
    prompts: lists.prompts.items,
    ...(said.length ? { cut: `${said.join(". ")}.` } : {}),
  };
}
