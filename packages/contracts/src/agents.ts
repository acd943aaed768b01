import { z } from "zod";
import { endpoint } from "./endpoint";
import { providerIdSchema } from "./llm";

export const agentToolNames = [
  "run_code",
  "run_shell",
  "list_files",
  "read_file",
  "write_file",
  "search_files",
] as const;
export const agentToolNameSchema = z.enum(agentToolNames);
export type AgentToolName = z.infer<typeof agentToolNameSchema>;

/** Between an MCP server's name and its tool's in the agent's tool name: `<server>__<tool>`. */
export const MCP_TOOL_SEPARATOR = "__";
/** Providers accept tool names of [a-zA-Z0-9_-], at most 64 characters. */
const MAX_TOOL_NAME = 64;
const mcpAgentToolPattern = /^[a-z0-9-]{1,40}__[A-Za-z0-9_-]+$/;

/** The agent's name for an MCP server's tool; null when it cannot be named within the providers' rules. */
export function mcpAgentToolName(server: string, tool: string): string | null {
  const name = `${server}${MCP_TOOL_SEPARATOR}${tool.replace(/[^a-zA-Z0-9_-]/g, "_")}`;
  return name.length <= MAX_TOOL_NAME ? name : null;
}

/** The MCP server an agent tool name belongs to, or null for a built-in tool. */
export function mcpServerOfTool(name: string): string | null {
  const at = name.indexOf(MCP_TOOL_SEPARATOR);
  return at > 0 && mcpAgentToolPattern.test(name) ? name.slice(0, at) : null;
}

/** At most this many tools on one agent (built-in and MCP together). */
export const MAX_AGENT_TOOLS = 200;
/** A tool an agent may use: a built-in one, or an MCP server's tool as `<server>__<tool>`. */
export const agentToolSelectionSchema = z.union([
  agentToolNameSchema,
  z
    .string()
    .max(MAX_TOOL_NAME, `A tool name is at most ${MAX_TOOL_NAME} characters`)
    .regex(mcpAgentToolPattern, "Not a built-in tool nor an MCP tool (<server>__<tool>)"),
]);

export const DEFAULT_AGENT_NAME = "Interpreter";

export const agentSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  description: z.string(),
  systemPrompt: z.string(),
  provider: providerIdSchema.nullable(),
  model: z.string().nullable(),
  temperature: z.number(),
  /** Built-in tool names and MCP tools (`<server>__<tool>`). */
  tools: z.array(z.string()),
  safeMode: z.boolean(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Agent = z.infer<typeof agentSchema>;

const agentFields = {
  name: z.string().trim().min(1, "Name is required").max(100, "Name must be at most 100 characters"),
  description: z.string().trim().max(1000, "Description must be at most 1000 characters"),
  systemPrompt: z.string().max(20_000, "System prompt must be at most 20000 characters"),
  provider: providerIdSchema.nullable(),
  model: z.string().trim().min(1).max(200).nullable(),
  temperature: z
    .number()
    .min(0, "Temperature must be between 0 and 2")
    .max(2, "Temperature must be between 0 and 2"),
  tools: z
    .array(agentToolSelectionSchema)
    .max(MAX_AGENT_TOOLS, `At most ${MAX_AGENT_TOOLS} tools`)
    .transform((t) => [...new Set(t)]),
  safeMode: z.boolean(),
  isDefault: z.boolean(),
};

export const createAgentSchema = z.object({
  name: agentFields.name,
  description: agentFields.description.default(""),
  systemPrompt: agentFields.systemPrompt.default(""),
  provider: agentFields.provider.default(null),
  model: agentFields.model.default(null),
  temperature: agentFields.temperature.default(0.7),
  tools: agentFields.tools.default([...agentToolNames]),
  safeMode: agentFields.safeMode.default(true),
  isDefault: agentFields.isDefault.default(false),
});
export type CreateAgentInput = z.input<typeof createAgentSchema>;

export const updateAgentSchema = z
  .object(agentFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Send at least one field to change");
export type UpdateAgentInput = z.input<typeof updateAgentSchema>;

export const agentsQuerySchema = z.object({ userId: z.string().uuid("userId must be a user id").optional() });

/** The agents API (server: apps/server/src/agents/routes.ts). */
export const agentsApi = {
  /** The person's agents (`?userId=` another's, for an admin). */
  list: endpoint({ method: "GET", path: "/api/agents", body: null, answer: z.array(agentSchema) }),
  get: endpoint({ method: "GET", path: "/api/agents/:id", body: null, answer: agentSchema }),
  create: endpoint({ method: "POST", path: "/api/agents", body: createAgentSchema, answer: agentSchema }),
  update: endpoint({
    method: "PATCH",
    path: "/api/agents/:id",
    body: updateAgentSchema,
    answer: agentSchema,
  }),
  remove: endpoint({ method: "DELETE", path: "/api/agents/:id", body: null, answer: null }),
};
