import { z } from "zod";
import { endpoint } from "./endpoint";

/** A person keeps at most this many remembered facts; each at most this many characters. */
export const MEMORY_MAX_ENTRIES = 200;
export const MEMORY_MAX_LENGTH = 500;

export const memorySourceSchema = z.enum(["model", "user"]);

/** One remembered fact (cross-session memory), added by the model or by the person. */
export const memorySchema = z.object({
  id: z.string(),
  content: z.string(),
  source: memorySourceSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Memory = z.infer<typeof memorySchema>;

const memoryContent = z
  .string()
  .trim()
  .min(1, "Write what should be remembered")
  .max(MEMORY_MAX_LENGTH, `A memory holds at most ${MEMORY_MAX_LENGTH} characters`);

export const memoryInputSchema = z.object({ content: memoryContent }).strict();
export type MemoryInput = z.input<typeof memoryInputSchema>;

/** The memories API (server: apps/server/src/memory/routes.ts). */
export const memoriesApi = {
  /** The person's remembered facts, newest first. */
  list: endpoint({ method: "GET", path: "/api/memories", body: null, answer: z.array(memorySchema) }),
  /** Remembers a fact the person wrote (201). */
  add: endpoint({ method: "POST", path: "/api/memories", body: memoryInputSchema, answer: memorySchema }),
  update: endpoint({
    method: "PATCH",
    path: "/api/memories/:id",
    body: memoryInputSchema,
    answer: memorySchema,
  }),
  remove: endpoint({ method: "DELETE", path: "/api/memories/:id", body: null, answer: null }),
};
