import { z } from "zod";
import { llmConfigSchema } from "./llm";

/**
 * The AI actions of the apps, each declared once on the server (prompt, temperature, max
 * tokens, how its output is checked) and run by POST /api/actions/:id/stream.
 */
export const aiActionIds = [
  "summarize",
  "rephrase",
  "translate",
  "bullet_points",
  "improve",
  "generate_table",
  "generate_plan",
  "run_prompt",
] as const;
export const aiActionIdSchema = z.enum(aiActionIds);
export type AiActionId = z.infer<typeof aiActionIdSchema>;

export const AI_ACTION_INPUT_MAX = 50_000;

export const aiActionRequestSchema = z.object({
  /** The text the action works on (a note, a selection, a prompt). */
  input: z.string().trim().min(1, "input is required").max(AI_ACTION_INPUT_MAX),
  /** translate: the language to translate into (default Spanish, the spec's). */
  language: z.string().trim().min(1).max(40).optional(),
  /** Another provider or model than the person's default (e.g. the prompt canvas). */
  config: llmConfigSchema.pick({ provider: true, model: true }).optional(),
});
export type AiActionRequest = z.input<typeof aiActionRequestSchema>;

/** Spec: a generated table is the model's CSV cut to 10 rows by 6 columns (A-F). */
export const TABLE_MAX_COLUMNS = 6;
export const TABLE_MAX_ROWS = 10;
/** Spec: a generated plan has 5 to 8 tasks. */
export const PLAN_MIN_TASKS = 5;
export const PLAN_MAX_TASKS = 8;
/** A generated task as checked on the server: a missing title or priority already filled in. */
export const generatedTaskSchema = z.object({
  title: z.string(),
  description: z.string(),
  priority: z.enum(["low", "medium", "high"]),
});
export type GeneratedTask = z.infer<typeof generatedTaskSchema>;

/** The checked result an action's stream ends with (`data: {"result": ..., "meta": ...}` before `[DONE]`). */
export const aiActionResultSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("text"), text: z.string() }),
  z.object({ kind: z.literal("table"), rows: z.array(z.array(z.string())), cut: z.boolean() }),
  z.object({ kind: z.literal("plan"), tasks: z.array(generatedTaskSchema) }),
]);
export type AiActionResult = z.infer<typeof aiActionResultSchema>;

/** Who answered and what it cost, sent beside the result. */
export const aiActionMetaSchema = z.object({
  provider: z.string(),
  model: z.string(),
  promptTokens: z.number().nullable(),
  completionTokens: z.number().nullable(),
});
export type AiActionMeta = z.infer<typeof aiActionMetaSchema>;
