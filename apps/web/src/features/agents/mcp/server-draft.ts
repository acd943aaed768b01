import {
  type CreateMcpServerInput,
  createMcpServerSchema,
  type McpServerSummary,
  type McpTransport,
  type UpdateMcpServerInput,
  updateMcpServerSchema,
} from "@neuroos/contracts";

export interface HeaderRow {
  name: string;
  value: string;
}

/** The add/edit form's state: text as typed, turned into a request body on submit. */
export interface ServerDraft {
  transport: McpTransport;
  name: string;
  url: string;
  /** Editing: the stored headers stay unless the person chooses to enter them again. */
  replaceHeaders: boolean;
  headers: HeaderRow[];
  command: string;
  /** One argument per line. */
  args: string;
  /** A local server's environment variables; a stored one's value is MCP_ENV_MASK (kept if left so). */
  env: HeaderRow[];
  shared: boolean;
  allowNetwork: boolean;
}

export function draftFrom(server: McpServerSummary | null): ServerDraft {
  return {
    transport: server?.transport ?? "http",
    name: server?.name ?? "",
    url: server?.url ?? "",
    replaceHeaders: server === null,
    // The stored values are never sent back: editing them means entering them again.
    headers: server ? Object.keys(server.headers).map((name) => ({ name, value: "" })) : [],
    command: server?.command ?? "",
    args: server?.args.join("\n") ?? "",
    env: server ? Object.entries(server.env).map(([name, value]) => ({ name, value })) : [],
    shared: server?.shared ?? false,
    allowNetwork: server?.allowNetwork ?? false,
  };
}

const headersOf = (rows: HeaderRow[]) =>
  Object.fromEntries(rows.filter((r) => r.name.trim() || r.value).map((r) => [r.name.trim(), r.value]));
const argsOf = (text: string) => text.split("\n").filter((line) => line.trim() !== "");

export type DraftErrors = Record<string, string>;
type Parsed<T> = { ok: true; input: T } | { ok: false; errors: DraftErrors };

interface Issue {
  path: PropertyKey[];
  message: string;
  /** A record's refused key: why, in these. */
  issues?: { message: string }[];
}

/** The first message per field of the contracts schema's verdict (naming the header or line). */
function errorsOf(issues: Issue[]): DraftErrors {
  const errors: DraftErrors = {};
  for (const issue of issues) {
    const [field = "form", detail] = issue.path.map(String);
    const message = issue.issues?.at(-1)?.message ?? issue.message;
    if (field === "headers" && detail !== undefined) errors.headers ??= `“${detail}”: ${message}`;
    else if (field === "env") errors.env ??= message;
    else if (field === "args" && detail !== undefined)
      errors.args ??= `Argument ${Number(detail) + 1}: ${message}`;
    else errors[field] ??= message;
  }
  return errors;
}

/** The body of POST /api/mcp/servers; the admin's choices are sent only by the admin. */
export function createInput(draft: ServerDraft, isAdmin: boolean): Parsed<CreateMcpServerInput> {
  const admin = isAdmin ? { shared: draft.shared } : {};
  const input =
    draft.transport === "http"
      ? {
          transport: "http" as const,
          name: draft.name,
          url: draft.url,
          headers: headersOf(draft.headers),
          ...admin,
        }
      : {
          transport: "stdio" as const,
          name: draft.name,
          command: draft.command,
          args: argsOf(draft.args),
          ...(Object.keys(headersOf(draft.env)).length ? { env: headersOf(draft.env) } : {}),
          ...(isAdmin ? { ...admin, allowNetwork: draft.allowNetwork } : {}),
        };
  const parsed = createMcpServerSchema.safeParse(input);
  return parsed.success ? { ok: true, input } : { ok: false, errors: errorsOf(parsed.error.issues) };
}

/** The body of PATCH /api/mcp/servers/:id: what this kind of server has, headers only when re-entered. */
export function updateInput(draft: ServerDraft, isAdmin: boolean): Parsed<UpdateMcpServerInput> {
  const input: UpdateMcpServerInput = { name: draft.name };
  if (draft.transport === "http") {
    input.url = draft.url;
    if (draft.replaceHeaders) {
      const headers = headersOf(draft.headers);
      input.headers = Object.keys(headers).length ? headers : null;
    }
  } else {
    input.command = draft.command;
    input.args = argsOf(draft.args);
    const env = headersOf(draft.env);
    input.env = Object.keys(env).length ? env : null;
    if (isAdmin) input.allowNetwork = draft.allowNetwork;
  }
  if (isAdmin) input.shared = draft.shared;
  const parsed = updateMcpServerSchema.safeParse(input);
  return parsed.success ? { ok: true, input } : { ok: false, errors: errorsOf(parsed.error.issues) };
}
