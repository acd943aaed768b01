import {
  type AiActionId,
  type AiActionResult,
  generatedPlanSchema,
  generatedTableSchema,
  PLAN_MAX_TASKS,
  PLAN_MIN_TASKS,
  TABLE_MAX_COLUMNS,
  TABLE_MAX_ROWS,
} from "@neuroos/contracts";
import type { z } from "zod";
import { AppError } from "../http/errors";

/** One AI action: what the model is told, with which settings, and how its answer is checked. */
export interface AiAction {
  system: string;
  /** The user message for the input (and options). */
  prompt(input: string, options: { language?: string }): string;
  temperature: number;
  maxTokens: number;
  check(output: string): AiActionResult;
}

const PARSE_FAILED = "Could not parse AI response. Please try again.";

/** Text actions: any non-empty answer. */
function text(output: string): AiActionResult {
  const trimmed = output.trim();
  if (!trimmed) throw new AppError(422, "action_output_invalid", "The model gave an empty answer.");
  return { kind: "text", text: trimmed };
}

/** The JSON object in an answer (models wrap it in prose or a code fence), checked by `schema`. */
function json<T>(output: string, schema: z.ZodType<T>): T {
  const start = output.indexOf("{");
  const end = output.lastIndexOf("}");
  if (start < 0 || end <= start) throw new AppError(422, "action_output_invalid", PARSE_FAILED);
  let value: unknown;
  try {
    value = JSON.parse(output.slice(start, end + 1));
  } catch {
    throw new AppError(422, "action_output_invalid", PARSE_FAILED);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError(422, "action_output_invalid", PARSE_FAILED);
  return parsed.data;
}

const editor = (task: string) => ({
  system: "You edit text for the user. Answer with the edited text only, without comments.",
  prompt: (input: string) => `${task}\n\n${input}`,
  // Spec, section 9: document actions at temperature 0.7, 1000 tokens.
  temperature: 0.7,
  maxTokens: 1000,
  check: text,
});

/** Every AI action of the product, declared once (spec section 9 for the figures). */
export const aiActions: Record<AiActionId, AiAction> = {
  summarize: {
    system: "You summarize notes. Answer with the summary only.",
    prompt: (input) => `Summarize the following in 2-3 sentences:\n\n${input}`,
    temperature: 0.3,
    maxTokens: 150,
    check: text,
  },
  rephrase: editor("Rephrase the following text, keeping its meaning:"),
  translate: {
    ...editor(""),
    prompt: (input, { language }) => `Translate the following text to ${language ?? "Spanish"}:\n\n${input}`,
  },
  bullet_points: editor("Turn the following text into concise bullet points:"),
  improve: editor("Improve the following text: clearer, correct grammar, same meaning:"),
  generate_table: {
    system: `You make spreadsheet tables. Answer with JSON only: {"columns": [...], "rows": [[...], ...]}, at most ${TABLE_MAX_COLUMNS} columns and ${TABLE_MAX_ROWS} rows, cells strings or numbers, one cell per column in every row.`,
    prompt: (input) => `Make a table for: ${input}`,
    temperature: 0.3,
    maxTokens: 500,
    check: (output) => ({ kind: "table", table: json(output, generatedTableSchema) }),
  },
  generate_plan: {
    system: `You plan work. Answer with JSON only: {"tasks": [{"title": "...", "description": "..."}]}, ${PLAN_MIN_TASKS} to ${PLAN_MAX_TASKS} tasks, in order.`,
    prompt: (input) => `Make a plan of ${PLAN_MIN_TASKS}-${PLAN_MAX_TASKS} tasks for: ${input}`,
    temperature: 0.7,
    maxTokens: 800,
    check: (output) => ({ kind: "plan", plan: json(output, generatedPlanSchema) }),
  },
  run_prompt: {
    system: "You are a helpful assistant.",
    prompt: (input) => input,
    temperature: 0.7,
    maxTokens: 1000,
    check: text,
  },
};
