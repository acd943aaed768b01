import { z } from "zod";

/** Spec: calendar event categories and their colours (appointment red, task blue, reminder yellow, social green). */
export const calendarCategories = ["appointment", "task", "reminder", "social"] as const;
export type CalendarCategory = (typeof calendarCategories)[number];
export const categoryColors = {
  appointment: "red",
  task: "blue",
  reminder: "yellow",
  social: "green",
} as const satisfies Record<CalendarCategory, string>;
export type CalendarColor = (typeof categoryColors)[CalendarCategory];
/** Spec: a new event is a task unless chosen otherwise. */
export const DEFAULT_CATEGORY: CalendarCategory = "task";
export const CALENDAR_TITLE_MAX = 200;
export const CALENDAR_EVENTS_MAX = 1000;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const [y, m, d] = value.split("-").map(Number);
    const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 0));
    return date.getUTCFullYear() === y && date.getUTCMonth() + 1 === m && date.getUTCDate() === d;
  }, "Not a real date");

/** Spec: a calendar event (id, title, date, time, category, color, completed); the colour follows the category. */
export const calendarEventSchema = z
  .object({
    id: z.string().min(1).max(64),
    title: z.string().trim().min(1).max(CALENDAR_TITLE_MAX),
    date: isoDate,
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
    category: z.enum(calendarCategories),
    color: z.string().optional(),
    completed: z.boolean().default(false),
  })
  .transform((event) => ({ ...event, color: categoryColors[event.category] }));
export type CalendarEvent = z.output<typeof calendarEventSchema>;
/** The content of the `neuro-calendar` document: one per account. */
export const calendarContentSchema = z.array(calendarEventSchema).max(CALENDAR_EVENTS_MAX);
