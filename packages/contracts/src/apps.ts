import { z } from "zod";

/**
 * The content of each app's documents (kind → schema), kept by the documents store. The apps
 * read their documents through these schemas, so an old or hand-edited copy cannot break them.
 */

/** Spec: a spreadsheet is 10 rows by 6 columns (A-F), its first row a header. */
export const SHEET_ROWS = 10;
export const SHEET_COLUMNS = 6;
export const SHEET_CELL_MAX = 500;
export const sheetContentSchema = z.array(z.array(z.string().max(SHEET_CELL_MAX)));
export type SheetContent = string[][];

export const taskStatuses = ["todo", "doing", "done"] as const;
export const taskPriorities = ["low", "medium", "high"] as const;
export const plannerTaskSchema = z.object({
  id: z.string().min(1).max(64),
  title: z.string().max(200),
  description: z.string().max(1000).default(""),
  status: z.enum(taskStatuses),
  priority: z.enum(taskPriorities),
});
export type PlannerTask = z.infer<typeof plannerTaskSchema>;
export type TaskStatus = PlannerTask["status"];
export type TaskPriority = PlannerTask["priority"];
export const plannerContentSchema = z.array(plannerTaskSchema).max(200);

/** The document kind of Prompt Canvas's library of saved prompts. */
export const PROMPT_LIBRARY_KIND = "prompt-canvas";

/** Spec: a saved prompt (id, title, content, timestamp, isFavorite, lastResult). */
export const savedPromptSchema = z.object({
  id: z.string().min(1).max(64),
  title: z.string().max(200),
  content: z.string().max(20_000),
  timestamp: z.number(),
  isFavorite: z.boolean(),
  lastResult: z.string().max(20_000).nullable(),
});
export type SavedPrompt = z.infer<typeof savedPromptSchema>;
export const promptLibrarySchema = z.array(savedPromptSchema).max(100);

/** Saved prompts as the spec orders them: favourites first, then newest first. */
export function sortPrompts(prompts: SavedPrompt[]): SavedPrompt[] {
  return [...prompts].sort(
    (a, b) => Number(b.isFavorite) - Number(a.isFavorite) || b.timestamp - a.timestamp,
  );
}

/** The `{{name}}` variables of a prompt, each once, in order of first use. */
export function promptVariables(prompt: string): string[] {
  const names = [...prompt.matchAll(/\{\{\s*([\w.-]{1,40})\s*\}\}/g)].map((m) => m[1] ?? "");
  return [...new Set(names)];
}

/** The prompt with its variables filled in (a variable left empty stays as written). */
export function fillPrompt(prompt: string, values: Record<string, string>): string {
  return prompt.replace(/\{\{\s*([\w.-]{1,40})\s*\}\}/g, (whole, name: string) =>
    values[name]?.trim() ? (values[name] ?? "") : whole,
  );
}
