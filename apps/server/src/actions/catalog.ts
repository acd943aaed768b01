import {
  type AiActionId,
  type AiActionResult,
  type GeneratedTask,
  PLAN_MAX_TASKS,
  PLAN_MIN_TASKS,
  parseCsv,
  TABLE_MAX_COLUMNS,
  TABLE_MAX_ROWS,
} from "@neuroos/contracts";
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
const invalid = (message = PARSE_FAILED) => new AppError(422, "action_output_invalid", message);

/** Text actions: any non-empty answer. */
function text(output: string): AiActionResult {
  const trimmed = output.trim();
  if (!trimmed) throw invalid("The model gave an empty answer.");
  return { kind: "text", text: trimmed };
}

/** What is inside a code fence, when the model wrapped its answer in one. */
function unfenced(output: string): string {
  const fence = /```[\w-]*\s*\n([\s\S]*?)```/.exec(output);
  return (fence?.[1] ?? output).trim();
}

/**
 * Spec: the model's CSV cut to 10 rows by 6 columns, outer quotes stripped (the CSV reader
 * takes quoted fields apart; a stray quote pair around a whole cell goes too).
 */
export function checkTable(output: string): AiActionResult {
  const all = parseCsv(unfenced(output))
    .map((row) => row.map((cell) => cell.trim().replace(/^"(.*)"$/s, "$1")))
    .filter((row) => row.some((cell) => cell !== ""));
  if (all.length === 0) throw new AppError(422, "action_output_invalid", "The model gave no table.");
  const cut = all.length > TABLE_MAX_ROWS || all.some((row) => row.length > TABLE_MAX_COLUMNS);
  const rows = all.slice(0, TABLE_MAX_ROWS).map((row) => row.slice(0, TABLE_MAX_COLUMNS));
  return { kind: "table", rows, cut };
}

const priorities = new Set(["low", "medium", "high"]);
const field = (value: unknown, max: number) => (typeof value === "string" ? value.trim().slice(0, max) : "");

/**
 * Spec: the plan must parse as a JSON array (also inside a code fence); a missing title becomes
 * 'Untitled Task', a missing priority medium; at most 8 tasks are kept.
 */
export function checkPlan(output: string): AiActionResult {
  const body = unfenced(output);
  const start = body.indexOf("[");
  const end = body.lastIndexOf("]");
  if (start < 0 || end <= start) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(body.slice(start, end + 1));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value) || value.length === 0) throw invalid();
  const tasks: GeneratedTask[] = value.slice(0, PLAN_MAX_TASKS).map((item: unknown) => {
    const task = typeof item === "object" && item !== null ? (item as Record<string, unknown>) : {};
    const priority = field(task.priority, 10).toLowerCase();
    return {
      title: field(task.title, 200) || "Untitled Task",
      description: field(task.description, 1000),
      priority: priorities.has(priority) ? (priority as GeneratedTask["priority"]) : "medium",
    };
  });
  return { kind: "plan", tasks };
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
    system: `You make spreadsheet tables. Answer with CSV only: a header row first, at most ${TABLE_MAX_COLUMNS} columns and ${TABLE_MAX_ROWS} rows in all, no comments.`,
    prompt: (input) => `Make a table for: ${input}`,
    temperature: 0.3,
    maxTokens: 500,
    check: checkTable,
  },
  generate_plan: {
    system: `You plan work. Answer with a JSON array only: [{"title": "...", "description": "...", "priority": "low" | "medium" | "high"}], ${PLAN_MIN_TASKS} to ${PLAN_MAX_TASKS} tasks, in order.`,
    prompt: (input) => `Make a plan of ${PLAN_MIN_TASKS}-${PLAN_MAX_TASKS} tasks for: ${input}`,
    temperature: 0.7,
    maxTokens: 800,
    check: checkPlan,
  },
  run_prompt: {
    system: "You are a helpful assistant.",
    prompt: (input) => input,
    temperature: 0.7,
    maxTokens: 1000,
    check: text,
  },
};
