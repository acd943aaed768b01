import { z } from "zod";

/** Spec: an organizer task (id, text, list todo / doing / done). */
export const organizerLists = ["todo", "doing", "done"] as const;
export type OrganizerList = (typeof organizerLists)[number];
export const ORGANIZER_TEXT_MAX = 300;
export const ORGANIZER_TASKS_MAX = 500;
export const organizerTaskSchema = z.object({
  id: z.string().min(1).max(64),
  text: z.string().trim().min(1).max(ORGANIZER_TEXT_MAX),
  list: z.enum(organizerLists),
});
export type OrganizerTask = z.infer<typeof organizerTaskSchema>;
/** The content of the `neuro-organizer` document: one per account. */
export const organizerContentSchema = z.array(organizerTaskSchema).max(ORGANIZER_TASKS_MAX);
