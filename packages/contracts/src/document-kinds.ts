import { z } from "zod";
import { PROMPT_LIBRARY_KIND, plannerContentSchema, promptLibrarySchema, sheetContentSchema } from "./apps";
import { neuroAacContentSchema } from "./neuro-aac";
import { calendarContentSchema } from "./neuro-calendar";
import { learningRecordSchema, NEURO_LEARNING_KIND } from "./neuro-learning";
import { organizerContentSchema } from "./neuro-organizer";

/**
 * What each app's documents hold (kind → content schema): the server refuses content of another
 * shape for these kinds. A kind not listed (a person's own, through the API) holds any JSON.
 */
export const documentContentSchemas: Record<string, z.ZodType> = {
  notes: z.string(),
  "smart-doc": z.string(),
  "logic-sheet": sheetContentSchema,
  "mind-planner": plannerContentSchema,
  [PROMPT_LIBRARY_KIND]: promptLibrarySchema,
  "neuro-organizer": organizerContentSchema,
  "neuro-calendar": calendarContentSchema,
  "neuro-aac": neuroAacContentSchema,
  [NEURO_LEARNING_KIND]: learningRecordSchema,
};
