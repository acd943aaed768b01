import { z } from "zod";

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
