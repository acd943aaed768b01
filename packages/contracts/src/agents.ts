import { z } from "zod";
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
  tools: z.array(agentToolNameSchema),
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
    .array(agentToolNameSchema)
    .max(agentToolNames.length)
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
