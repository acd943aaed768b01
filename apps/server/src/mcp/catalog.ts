import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { McpPromptInfo, McpResourceInfo, McpToolInfo } from "@neuroos/contracts";

/** Pages read of one list (tools, resources, prompts) before the rest is left out. */
const MAX_PAGES = 20;
const MAX_TEXT = 4000;
const clip = (s: string | undefined | null) => (s ? s.slice(0, MAX_TEXT) : null);

async function paged<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string }>,
): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const { items, nextCursor } = await fetchPage(cursor);
    all.push(...items);
    if (!nextCursor) break;
    cursor = nextCursor;
  }
  return all;
}

/** What a connected server offers: its tools, resources and prompts (those it declares). */
export async function readCatalog(client: Client, timeout: number) {
  const caps = client.getServerCapabilities() ?? {};
  const options = { timeout };
  const tools: McpToolInfo[] = caps.tools
    ? await paged(async (cursor) => {
        const page = await client.listTools(cursor ? { cursor } : undefined, options);
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
      })
    : [];
  // A server's resources and prompts are extras: a server that fails to list them still works.
  const resources: McpResourceInfo[] = caps.resources
    ? await paged(async (cursor) => {
        const page = await client.listResources(cursor ? { cursor } : undefined, options);
        return {
          nextCursor: page.nextCursor,
          items: page.resources.map((r) => ({
            uri: r.uri,
            name: r.name,
            description: clip(r.description),
            mimeType: r.mimeType ?? null,
          })),
        };
      }).catch(() => [])
    : [];
  const prompts: McpPromptInfo[] = caps.prompts
    ? await paged(async (cursor) => {
        const page = await client.listPrompts(cursor ? { cursor } : undefined, options);
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
      }).catch(() => [])
    : [];
  return { tools, resources, prompts };
}
