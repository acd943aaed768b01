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

/** Spec: spreadsheets are at most 6 columns (A-F) by 10 rows. */
export const TABLE_MAX_COLUMNS = 6;
export const TABLE_MAX_ROWS = 10;
const cell = z.union([z.string().max(200), z.number()]);
export const generatedTableSchema = z
  .object({
    columns: z.array(z.string().trim().min(1).max(60)).min(1).max(TABLE_MAX_COLUMNS),
    rows: z.array(z.array(cell)).min(1).max(TABLE_MAX_ROWS),
  })
  .refine((t) => t.rows.every((row) => row.length === t.columns.length), {
    message: "Every row has one cell per column",
  });
export type GeneratedTable = z.infer<typeof generatedTableSchema>;

/** Spec: a generated plan has 5 to 8 tasks. */
export const PLAN_MIN_TASKS = 5;
export const PLAN_MAX_TASKS = 8;
export const generatedPlanSchema = z.object({
  tasks: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(200),
        description: z.string().trim().max(1000).optional(),
      }),
    )
    .min(PLAN_MIN_TASKS)
    .max(PLAN_MAX_TASKS),
});
export type GeneratedPlan = z.infer<typeof generatedPlanSchema>;

/** The checked result an action's stream ends with (`data: {"result": ...}` before `[DONE]`). */
export type AiActionResult =
  | { kind: "text"; text: string }
  | { kind: "table"; table: GeneratedTable }
  | { kind: "plan"; plan: GeneratedPlan };
