import { z } from "zod";
import { endpoint } from "./endpoint";

/**
 * Personal access tokens, made in Settings. For NeuroOS's MCP server (/mcp): `read` reaches the
 * tools that change nothing (list, read and search files); `full` also writes files and runs code
 * and shell commands in the sandbox. For the OpenAI-compatible API (/v1: the person's agents and
 * models): `models` reaches it and nothing else (no files, not /mcp); `full` reaches it too.
 */
export const accessTokenScopes = ["read", "full", "models"] as const;
export type AccessTokenScope = (typeof accessTokenScopes)[number];
export const ACCESS_TOKENS_PER_ACCOUNT = 20;

export const createAccessTokenSchema = z
  .object({
    name: z.string().trim().min(1, "Name the token").max(100, "At most 100 characters"),
    scope: z.enum(accessTokenScopes),
    /** Calls that write or run (write_file, run_code, run_shell) wait for the person's approval in the console. */
    requireApproval: z.boolean().optional(),
  })
  .strict()
  .refine((t) => !(t.requireApproval && t.scope !== "full"), {
    path: ["requireApproval"],
    message: "Only a full-access token writes or runs anything to ask about",
  });
export type CreateAccessTokenInput = z.input<typeof createAccessTokenSchema>;

export const accessTokenSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(accessTokenScopes),
  /** The token's first characters, to tell tokens apart. */
  prefix: z.string(),
  /** Writes and runs through this token wait for the person's approval in the console. */
  requireApproval: z.boolean(),
  createdAt: z.string(),
  /** Updated at most once a minute. */
  lastUsedAt: z.string().nullable(),
});
export type AccessTokenSummary = z.infer<typeof accessTokenSummarySchema>;

/** The answer to creating a token: the only time the token itself is shown. */
export const createdAccessTokenSchema = accessTokenSummarySchema.extend({ token: z.string() });
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>;

/** The person's access tokens (server: apps/server/src/mcp/routes.ts). */
export const accessTokensApi = {
  /** Their summaries, never the tokens themselves. */
  list: endpoint({
    method: "GET",
    path: "/api/access-tokens",
    body: null,
    answer: z.array(accessTokenSummarySchema),
  }),
  /** Makes one: the answer holds the token itself, shown this once. */
  create: endpoint({
    method: "POST",
    path: "/api/access-tokens",
    body: createAccessTokenSchema,
    answer: createdAccessTokenSchema,
  }),
  revoke: endpoint({ method: "DELETE", path: "/api/access-tokens/:id", body: null, answer: null }),
};

/**
 * MCP servers a person adds (NeuroOS as an MCP client): remote ones by URL (Streamable HTTP,
 * SSE as a fallback) or local ones by command (stdio). The name is the tools' namespace
 * (`<name>__<tool>`), so it is short and plain. The admin may share a server with every user
 * (they see and use it, only the admin changes it) and may let a local server reach the network
 * (without that, its sandbox has none).
 */
export const mcpTransports = ["http", "stdio"] as const;
export type McpTransport = (typeof mcpTransports)[number];
export const MCP_SERVERS_PER_ACCOUNT = 30;

export const mcpServerNameSchema = z
  .string()
  .trim()
  .min(1, "Name the server")
  .max(40, "At most 40 characters")
  .regex(/^[a-z0-9-]+$/, "Use lowercase letters, digits and hyphens only");

const headerNameSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, "Not a valid header name");
const headerValueSchema = z
  .string()
  .max(4000, "At most 4000 characters")
  .regex(/^[^\r\n]*$/, "A header value is one line");
/** Headers sent to a remote server (an API key...): stored encrypted, shown only masked. */
export const mcpHeadersSchema = z
  .record(headerNameSchema, headerValueSchema)
  .refine((h) => Object.keys(h).length <= 20, "At most 20 headers");

/** What a stored environment variable's value is shown as; sent back unchanged, the value is kept. */
export const MCP_ENV_MASK = "••••";
export const MCP_ENV_MAX_VARIABLES = 30;
export const MCP_ENV_MAX_VALUE = 4000;
/** Why a variable's name is refused, or null. */
function envNameProblem(name: string): string | null {
  if (name.length > 100) return "A name is at most 100 characters";
  if (/^[0-9]/.test(name)) return "A name is capital letters, digits and _, not starting with a digit";
  if (!/^[A-Z_][A-Z0-9_]*$/.test(name)) return "A name is capital letters, digits and _ only";
  return null;
}
const envValueSchema = z
  .string()
  .max(MCP_ENV_MAX_VALUE, `A value is at most ${MCP_ENV_MAX_VALUE} characters`);
/**
 * A local (stdio) server's environment variables (an API key...): stored encrypted, shown only as
 * their names with MCP_ENV_MASK for values. In a change, a value of MCP_ENV_MASK keeps the stored one.
 */
export const mcpEnvSchema = z.record(z.string(), envValueSchema).superRefine((env, ctx) => {
  const names = Object.keys(env);
  if (names.length > MCP_ENV_MAX_VARIABLES)
    ctx.addIssue({ code: "custom", message: `At most ${MCP_ENV_MAX_VARIABLES} variables` });
  for (const name of names.slice(0, MCP_ENV_MAX_VARIABLES + 1)) {
    const problem = envNameProblem(name);
    if (problem) ctx.addIssue({ code: "custom", path: [name], message: `${problem} (${name.slice(0, 40)})` });
  }
});
/** A new server's variables: every value entered (the mask keeps nothing there). */
const newEnvSchema = mcpEnvSchema.refine(
  (env) => !Object.values(env).includes(MCP_ENV_MASK),
  "Enter each value",
);

const urlSchema = z.string().trim().min(1, "Enter the server's URL").max(2000, "At most 2000 characters");
const commandSchema = z.string().trim().min(1, "Enter the command").max(500, "At most 500 characters");
const argsSchema = z.array(z.string().max(2000)).max(50, "At most 50 arguments");

export const createMcpServerSchema = z.discriminatedUnion("transport", [
  z
    .object({
      transport: z.literal("http"),
      name: mcpServerNameSchema,
      url: urlSchema,
      headers: mcpHeadersSchema.optional(),
      enabled: z.boolean().optional(),
      shared: z.boolean().optional(),
    })
    .strict(),
  z
    .object({
      transport: z.literal("stdio"),
      name: mcpServerNameSchema,
      command: commandSchema,
      args: argsSchema.optional(),
      env: newEnvSchema.optional(),
      enabled: z.boolean().optional(),
      shared: z.boolean().optional(),
      allowNetwork: z.boolean().optional(),
    })
    .strict(),
]);
export type CreateMcpServerInput = z.input<typeof createMcpServerSchema>;

/**
 * A change: what is named changes; `headers` replaces them all (null removes them); `env` too, a
 * value of MCP_ENV_MASK keeping that variable's stored value.
 */
export const updateMcpServerSchema = z
  .object({
    name: mcpServerNameSchema.optional(),
    url: urlSchema.optional(),
    headers: mcpHeadersSchema.nullable().optional(),
    command: commandSchema.optional(),
    args: argsSchema.optional(),
    env: mcpEnvSchema.nullable().optional(),
    enabled: z.boolean().optional(),
    shared: z.boolean().optional(),
    allowNetwork: z.boolean().optional(),
  })
  .strict();
export type UpdateMcpServerInput = z.input<typeof updateMcpServerSchema>;

export const mcpServerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  transport: z.enum(mcpTransports),
  url: z.string().nullable(),
  command: z.string().nullable(),
  args: z.array(z.string()),
  /** Header names with their values masked; the values are never sent back. */
  headers: z.record(z.string(), z.string()),
  /** A local server's environment variables' names, each value shown as MCP_ENV_MASK (never sent back). */
  env: z.record(z.string(), z.string()),
  enabled: z.boolean(),
  /** Added by the admin for every user: the others see and use it but cannot change it. */
  shared: z.boolean(),
  /** A local (stdio) server's sandbox may reach the network (only the admin allows it). */
  allowNetwork: z.boolean(),
  createdAt: z.string(),
});
export type McpServerSummary = z.infer<typeof mcpServerSummarySchema>;

export const mcpToolInfoSchema = z.object({
  name: z.string(),
  title: z.string().nullable(),
  description: z.string(),
  /** The tool's JSON Schema, as the server gives it (the model gets it as it is). */
  inputSchema: z.record(z.string(), z.unknown()),
  /** The server says the tool changes nothing: it runs without asking in safe mode. */
  readOnly: z.boolean(),
});
export type McpToolInfo = z.infer<typeof mcpToolInfoSchema>;
/** One content item of an MCP tool's result, as the agent tool's output holds it (model and tool card). */
export type McpOutputItem =
  | { type: "text"; text: string }
  | { type: "image" | "audio"; mimeType: string; data: string }
  | { type: "resource"; uri: string; mimeType: string | null; text?: string; blob?: string }
  | { type: "resource_link"; uri: string; name: string; mimeType: string | null }
  | { type: "unknown"; kind: string };

/** An MCP tool's result as an agent tool's output: its items, cut to the size limit (saying so). */
export interface McpToolOutput {
  content: McpOutputItem[];
  structuredContent?: unknown;
  truncated?: string;
}

export const mcpResourceInfoSchema = z.object({
  uri: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  mimeType: z.string().nullable(),
});
export type McpResourceInfo = z.infer<typeof mcpResourceInfoSchema>;
export const mcpPromptInfoSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  arguments: z.array(
    z.object({ name: z.string(), description: z.string().nullable(), required: z.boolean() }),
  ),
});
export type McpPromptInfo = z.infer<typeof mcpPromptInfoSchema>;

/** A server's instructions are kept (and given to an agent) up to this many characters. */
export const MCP_INSTRUCTIONS_MAX = 2000;

/** A server's live state on this node. */
export const mcpServerStatusSchema = z.discriminatedUnion("state", [
  z.object({ state: z.literal("disabled") }),
  z.object({ state: z.literal("connecting") }),
  z.object({
    state: z.literal("ready"),
    /** Which transport answered: Streamable HTTP, the older SSE, or stdio. */
    via: z.enum(["streamable-http", "sse", "stdio"]),
    serverInfo: z.object({ name: z.string(), version: z.string() }).nullable(),
    tools: z.array(mcpToolInfoSchema),
    resources: z.array(mcpResourceInfoSchema),
    prompts: z.array(mcpPromptInfoSchema),
    /** What the server said (at initialize) about using it, cut to MCP_INSTRUCTIONS_MAX characters; given to agents with its tools. */
    instructions: z.string().nullable().optional(),
    /** What of its lists was left out (it offers more than NeuroOS reads), in words; absent when nothing was. */
    cut: z.string().optional(),
  }),
  z.object({ state: z.literal("failed"), reason: z.string() }),
]);
export type McpServerStatus = z.infer<typeof mcpServerStatusSchema>;

export const mcpServerDetailSchema = mcpServerSummarySchema.extend({ status: mcpServerStatusSchema });
export type McpServerDetail = z.infer<typeof mcpServerDetailSchema>;

/** At most this many resources go with one chat message. */
export const MCP_RESOURCES_PER_MESSAGE = 3;

/**
 * A resource of one of the person's MCP servers as read for a chat message (and stored with it):
 * its text (text contents, and blobs of a text type), or none when it is binary only; binary
 * parts are counted and described to the model, not included.
 */
export const mcpResourceContentSchema = z.object({
  serverId: z.string(),
  server: z.string(),
  uri: z.string(),
  name: z.string(),
  mimeType: z.string().nullable(),
  /** Its size as read: text in UTF-8 bytes plus the decoded size of its blobs. */
  bytes: z.number(),
  text: z.string().nullable(),
  binaryParts: z.number(),
});
export type McpResourceContent = z.infer<typeof mcpResourceContentSchema>;

/** `GET /api/mcp/servers/:id/resource?uri=`: which resource to read. */
export const readMcpResourceQuerySchema = z
  .object({ uri: z.string().min(1, "Name the resource's uri").max(2000, "At most 2000 characters") })
  .strict();

/** `POST /api/mcp/servers/:id/prompt`: a prompt of the server, with its arguments' values. */
export const getMcpPromptSchema = z
  .object({
    name: z.string().min(1, "Name the prompt").max(200),
    arguments: z
      .record(z.string().max(200), z.string().max(10_000, "At most 10,000 characters"))
      .refine((a) => Object.keys(a).length <= 50, "At most 50 arguments")
      .default({}),
  })
  .strict();
export type GetMcpPromptInput = z.input<typeof getMcpPromptSchema>;

/** A prompt as the server filled it in: its messages as text (other content described in words). */
export const mcpPromptResultSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  messages: z.array(z.object({ role: z.enum(["user", "assistant"]), text: z.string() })),
});
export type McpPromptResult = z.infer<typeof mcpPromptResultSchema>;

/** The person's MCP servers (apps/server/src/mcp/client-routes.ts); each answers a server's detail. */
export const mcpServersApi = {
  /** The person's servers and the admin's shared ones (headers masked). */
  list: endpoint({
    method: "GET",
    path: "/api/mcp/servers",
    body: null,
    answer: z.array(mcpServerSummarySchema),
  }),
  /** Waits up to 3 s for a connection being made. */
  get: endpoint({ method: "GET", path: "/api/mcp/servers/:id", body: null, answer: mcpServerDetailSchema }),
  create: endpoint({
    method: "POST",
    path: "/api/mcp/servers",
    body: createMcpServerSchema,
    answer: mcpServerDetailSchema,
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/mcp/servers/:id",
    body: updateMcpServerSchema,
    answer: mcpServerDetailSchema,
  }),
  reconnect: endpoint({
    method: "POST",
    path: "/api/mcp/servers/:id/reconnect",
    body: null,
    answer: mcpServerDetailSchema,
  }),
  /** One resource read (`?uri=`, readMcpResourceQuerySchema). */
  readResource: endpoint({
    method: "GET",
    path: "/api/mcp/servers/:id/resource",
    body: null,
    answer: mcpResourceContentSchema,
  }),
  prompt: endpoint({
    method: "POST",
    path: "/api/mcp/servers/:id/prompt",
    body: getMcpPromptSchema,
    answer: mcpPromptResultSchema,
  }),
  remove: endpoint({ method: "DELETE", path: "/api/mcp/servers/:id", body: null, answer: null }),
};
