import {
  CALENDAR_EVENTS_MAX,
  CALENDAR_TITLE_MAX,
  type CalendarCategory,
  type CalendarEvent,
  calendarEventSchema,
  categoryColors,
} from "@neuroos/contracts";

/** Spec: a cell shows at most 2 events, then '+N more'. */
export const EVENTS_PER_CELL = 2;
/** Weeks start on Sunday; the grid always has 6 weeks so it never changes height between months. */
export const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
export const GRID_WEEKS = 6;

export interface Month {
  year: number;
  /** 0-11 */
  month: number;
}
export interface DayCell {
  date: string;
  day: number;
  inMonth: boolean;
}
export interface EventDraft {
  title: string;
  date: string;
  time: string;
  category: CalendarCategory;
}

const pad = (n: number) => String(n).padStart(2, "0");
/** A local calendar date as YYYY-MM-DD. */
export const isoDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const monthOf = (d: Date): Month => ({ year: d.getFullYear(), month: d.getMonth() });
export const monthOfDate = (date: string): Month => {
  const [y, m] = date.split("-").map(Number);
  return { year: y ?? 1970, month: (m ?? 1) - 1 };
};

export function shiftMonth({ year, month }: Month, delta: number): Month {
  const total = year * 12 + month + delta;
  return { year: Math.floor(total / 12), month: ((total % 12) + 12) % 12 };
}

export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** 'March 2025' (the same words in every browser, whatever its date formatting). */
export const monthTitle = ({ year, month }: Month) => `${MONTHS[month]} ${year}`;

/** A date as people say it: 'Wednesday 12 March 2025'. */
export function longDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  const weekday = new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1).getDay();
  return `${WEEKDAYS[weekday]} ${d} ${MONTHS[(m ?? 1) - 1]} ${y}`;
}

/** The month as 6 weeks of 7 days, Sunday first, with the days of the months around it marked. */
export function monthGrid({ year, month }: Month): DayCell[][] {
  const first = new Date(year, month, 1);
  const start = new Date(year, month, 1 - first.getDay());
  return Array.from({ length: GRID_WEEKS }, (_, week) =>
    Array.from({ length: 7 }, (_, weekday) => {
      const d = new Date(start.getFullYear(), start.getMonth(), start.getDate() + week * 7 + weekday);
      return { date: isoDate(d), day: d.getDate(), inMonth: d.getMonth() === month };
    }),
  );
}

/** A day's events in order of time, then title. */
export const eventsOn = (events: CalendarEvent[], date: string): CalendarEvent[] =>
  events
    .filter((e) => e.date === date)
    .sort((a, b) => a.time.localeCompare(b.time) || a.title.localeCompare(b.title));

/** What a cell shows: the first events, and how many more are behind '+N more' (0: no button). */
export function cellEvents(dayEvents: CalendarEvent[]): { shown: CalendarEvent[]; more: number } {
  return {
    shown: dayEvents.slice(0, EVENTS_PER_CELL),
    more: Math.max(0, dayEvents.length - EVENTS_PER_CELL),
  };
}

/** Spec: save needs a title and a time. Each missing field named; empty when the draft can be saved. */
export function draftProblems(draft: EventDraft): { title?: string; time?: string; date?: string } {
  const problems: { title?: string; time?: string; date?: string } = {};
  if (!draft.title.trim()) problems.title = "Add a title: it is needed to save.";
  else if (draft.title.trim().length > CALENDAR_TITLE_MAX)
    problems.title = `A title is at most ${CALENDAR_TITLE_MAX} characters.`;
  if (!draft.time) problems.time = "Add a time: it is needed to save.";
  else if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(draft.time))
    problems.time = "Give the time as hours and minutes.";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) problems.date = "Choose a date.";
  return problems;
}

/**
 * The events with the draft saved (a new event when `id` is not there yet, else that event edited);
 * the same list back when the draft cannot be saved.
 */
export function saveDraft(events: CalendarEvent[], id: string, draft: EventDraft): CalendarEvent[] {
  if (Object.keys(draftProblems(draft)).length > 0) return events;
  const existing = events.find((e) => e.id === id);
  if (!existing && events.length >= CALENDAR_EVENTS_MAX) return events;
  const saved: CalendarEvent = {
    id,
    title: draft.title.trim(),
    date: draft.date,
    time: draft.time,
    category: draft.category,
    color: categoryColors[draft.category],
    completed: existing && draft.category === "task" ? existing.completed : false,
  };
  return existing ? events.map((e) => (e.id === id ? saved : e)) : [...events, saved];
}

/** Spec: a task event toggles completed; other categories are never completed. */
export const toggleCompleted = (events: CalendarEvent[], id: string): CalendarEvent[] =>
  events.map((e) => (e.id === id && e.category === "task" ? { ...e, completed: !e.completed } : e));

export const deleteEvent = (events: CalendarEvent[], id: string): CalendarEvent[] =>
  events.filter((e) => e.id !== id);

/** Stored events as the calendar shows them (anything unreadable, or a repeated id, is dropped). */
export function readEvents(content: unknown): CalendarEvent[] {
  if (!Array.isArray(content)) return [];
  const seen = new Set<string>();
  return content.slice(0, CALENDAR_EVENTS_MAX).flatMap((item) => {
    const parsed = calendarEventSchema.safeParse(item);
    if (!parsed.success || seen.has(parsed.data.id)) return [];
    seen.add(parsed.data.id);
    return [parsed.data];
  });
}

/** When an event happens, as a local time in ms. */
export function eventTime(event: Pick<CalendarEvent, "date" | "time">): number {
  const [y, m, d] = event.date.split("-").map(Number);
  const [h, min] = event.time.split(":").map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, h ?? 0, min ?? 0).getTime();
}

/** The next events to remind of after `now`: the earliest time still to come and its events (completed tasks left out). */
export function nextReminders(
  events: CalendarEvent[],
  now: number,
): { at: number; events: CalendarEvent[] } | null {
  const upcoming = events.filter((e) => !e.completed && eventTime(e) > now);
  if (upcoming.length === 0) return null;
  const at = Math.min(...upcoming.map(eventTime));
  return { at, events: upcoming.filter((e) => eventTime(e) === at) };
}

/** The events whose time came in (from, to]: the reminders due now (completed tasks left out). */
export const dueReminders = (events: CalendarEvent[], from: number, to: number): CalendarEvent[] =>
  events.filter((e) => !e.completed && eventTime(e) > from && eventTime(e) <= to);
