import { z } from "zod";

export const DEFAULT_SESSION_TITLE = "New Session";

export const chatSessionSchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatSession = z.infer<typeof chatSessionSchema>;

const title = z.string().trim().min(1, "Title is required").max(200, "Title must be at most 200 characters");
export const createSessionSchema = z.object({ title: title.default(DEFAULT_SESSION_TITLE) });
export const updateSessionSchema = z.object({ title });

export const chatRoleSchema = z.enum(["user", "system", "assistant"]);
export const messageMetadataSchema = z
  .object({
    executionTime: z.number().optional(),
    model: z.string().optional(),
    provider: z.string().optional(),
    tokenCount: z.number().optional(),
    error: z.string().optional(),
    stopped: z.boolean().optional(),
  })
  .catchall(z.unknown());

export const chatMessageSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  role: chatRoleSchema,
  content: z.string(),
  timestamp: z.string(),
  metadata: messageMetadataSchema,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
