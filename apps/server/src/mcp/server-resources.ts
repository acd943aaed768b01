import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { FileEntry } from "@neuroos/contracts";
import { z } from "zod";
import { AppError } from "../http/errors";
import type { WorkspaceService } from "../workspace/service";
import { invalidParams, listParams, onRequest, ProtocolError, page } from "./server-requests";
import type { McpSession, McpSessions } from "./sessions";
import type { TokenHolder } from "./tokens";

/** The workspace's root as the person and the agent see it; its files are `file:///home/user/...`. */
const HOME = "/home/user";
export const RESOURCE_TEMPLATE = "file:///home/user/{+path}";
const PAGE_SIZE = 100;
/** The JSON-RPC code the spec gives a resource that is not there. */
const RESOURCE_NOT_FOUND = -32002;

const TYPES: Record<string, string> = {
  ".txt": "text/plain",
  ".md": "text/markdown",
  ".json": "application/json",
  ".csv": "text/csv",
  ".html": "text/html",
  ".css": "text/css",
  ".js": "text/javascript",
  ".ts": "text/x-typescript",
  ".py": "text/x-python",
  ".sh": "text/x-shellscript",
  ".xml": "application/xml",
  ".yaml": "application/yaml",
  ".yml": "application/yaml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
  ".pdf": "application/pdf",
  ".zip": "application/zip",
};
/** A file's media type by its extension; a text file unknown is text/plain, other bytes octet-stream. */
const mimeOf = (file: string, text: boolean) =>
  TYPES[path.extname(file).toLowerCase()] ?? (text ? "text/plain" : "application/octet-stream");

export const uriOf = (virtual: string) => pathToFileURL(virtual).href;

/** The workspace path of a `file:` URI under /home/user; anything else is -32602. */
export function pathOf(uri: string): string {
  let file: string;
  try {
    const url = new URL(uri);
    if (url.protocol !== "file:" || (url.host !== "" && url.host !== "localhost")) throw new Error();
    file = fileURLToPath(url);
  } catch {
    throw invalidParams(
      `Not a workspace resource: ${uri.slice(0, 200)} (resources are ${HOME}'s files, file://${HOME}/...)`,
    );
  }
  if (file !== HOME && !file.startsWith(`${HOME}/`))
    throw invalidParams(`Outside the workspace: ${uri.slice(0, 200)} (resources are under file://${HOME}/)`);
  return file;
}

/** A workspace error as a JSON-RPC one: not there is -32002, other refusals -32602, in words. */
const asProtocolError = (uri: string, error: unknown) => {
  if (error instanceof AppError)
    return error.status === 404
      ? new ProtocolError(RESOURCE_NOT_FOUND, `Resource not found: ${uri.slice(0, 200)}`)
      : invalidParams(error.message);
  return error;
};

const uriParams = z
  .object({ uri: z.string({ error: "uri is required" }).min(1, "uri is required").max(8192) })
  .loose();

/** The holder's files, newest first, each a resource. */
async function filesOf(workspaces: WorkspaceService, holder: TokenHolder): Promise<FileEntry[]> {
  const { entries } = await workspaces.list(holder.user, HOME, true);
  return entries.filter((e) => e.type === "file").sort((a, b) => a.path.localeCompare(b.path));
}

/** Paths of the holder's files that begin with `prefix` (completion of the template's path). */
export async function completePath(workspaces: WorkspaceService, holder: TokenHolder, prefix: string) {
  const files = await filesOf(workspaces, holder);
  const paths = files.map((f) => f.path.slice(HOME.length + 1)).filter((p) => p.startsWith(prefix));
  return { values: paths.slice(0, 100), total: paths.length, hasMore: paths.length > 100 };
}

/**
 * The person's workspace files as MCP resources: `resources/list` (100 a page), `resources/read`
 * (text as text, other bytes as base64 `blob`), the template `file:///home/user/{+path}`, and
 * `resources/subscribe`/`unsubscribe` (a session's: its stream is told `resources/updated`).
 * Only the holder's own workspace is reached, through the workspace's path guard.
 */
export function serveResources(
  server: Parameters<typeof onRequest>[0],
  holder: TokenHolder,
  deps: { workspaces: WorkspaceService; sessions: McpSessions },
  session: McpSession | null,
): void {
  const { workspaces } = deps;
  onRequest(server, "resources/list", listParams, async ({ cursor }) => {
    const { items, nextCursor } = page(await filesOf(workspaces, holder), cursor, PAGE_SIZE);
    return {
      resources: items.map((f) => ({
        uri: uriOf(f.path),
        name: f.path.slice(HOME.length + 1),
        title: path.basename(f.path),
        mimeType: mimeOf(f.path, true),
        size: f.size,
        annotations: { lastModified: f.modified },
      })),
      ...(nextCursor ? { nextCursor } : {}),
    };
  });
  onRequest(server, "resources/templates/list", listParams, async ({ cursor }) => {
    page([], cursor, PAGE_SIZE);
    return {
      resourceTemplates: [
        {
          uriTemplate: RESOURCE_TEMPLATE,
          name: "workspace-file",
          title: "A file in your NeuroOS workspace",
          description: `A file under ${HOME}, by its path (e.g. notes/todo.md)`,
        },
      ],
    };
  });
  onRequest(server, "resources/read", uriParams, async ({ uri }) => {
    const file = pathOf(uri);
    const read = await workspaces.read(holder.user, file).catch((error) => {
      throw asProtocolError(uri, error);
    });
    const text = read.encoding === "utf8";
    const content = { uri: uriOf(read.path), mimeType: mimeOf(read.path, text) };
    return { contents: [text ? { ...content, text: read.content } : { ...content, blob: read.content }] };
  });
  const subscribe =
    (on: boolean) =>
    async ({ uri }: { uri: string }) => {
      const file = pathOf(uri);
      if (!session)
        throw new ProtocolError(
          -32600,
          "Subscriptions belong to a session: send the Mcp-Session-Id that initialize answered",
        );
      if (on && !(await deps.sessions.subscribe(session.id, uriOf(file), true)))
        throw invalidParams(
          "This session holds as many subscriptions as it may: unsubscribe from some first",
        );
      if (!on) await deps.sessions.subscribe(session.id, uriOf(file), false);
      return {};
    };
  onRequest(server, "resources/subscribe", uriParams, subscribe(true));
  onRequest(server, "resources/unsubscribe", uriParams, subscribe(false));
}
