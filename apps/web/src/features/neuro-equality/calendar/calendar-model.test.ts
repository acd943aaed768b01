import type { CalendarEvent } from "@neuroos/contracts";
import { describe, expect, it } from "vitest";
import {
  cellEvents,
  deleteEvent,
  draftProblems,
  dueReminders,
  eventsOn,
  longDate,
  monthGrid,
  monthTitle,
  nextReminders,
  readEvents,
  saveDraft,
  shiftMonth,
  toggleCompleted,
} from "./calendar-model";

const event = (id: string, over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id,
  title: `Event ${id}`,
  date: "2025-03-12",
  time: "09:00",
  category: "task",
  color: "blue",
  completed: false,
  ...over,
});

describe("calendar model", () => {
  it("lays a month out as 6 weeks from the Sunday before the 1st", () => {
    const grid = monthGrid({ year: 2025, month: 2 });
    expect(grid).toHaveLength(6);
    expect(grid.every((week) => week.length === 7)).toBe(true);
    expect(grid[0]?.[0]).toEqual({ date: "2025-02-23", day: 23, inMonth: false });
    expect(grid[0]?.[6]).toEqual({ date: "2025-03-01", day: 1, inMonth: true });
    expect(grid.flat().filter((c) => c.inMonth)).toHaveLength(31);
    expect(monthGrid({ year: 2026, month: 1 })[0]?.[0]?.date).toBe("2026-02-01");
  });

  it("names months and days the same in every browser", () => {
    expect(monthTitle({ year: 2025, month: 2 })).toBe("March 2025");
    expect(longDate("2025-03-12")).toBe("Wednesday 12 March 2025");
    expect(longDate("2024-12-01")).toBe("Sunday 1 December 2024");
  });

  it("moves between months across years", () => {
    expect(shiftMonth({ year: 2025, month: 0 }, -1)).toEqual({ year: 2024, month: 11 });
    expect(shiftMonth({ year: 2025, month: 11 }, 1)).toEqual({ year: 2026, month: 0 });
  });

  it("a cell shows at most 2 events (by time), the rest as +N more", () => {
    const day = eventsOn(
      [
        event("c", { time: "12:00" }),
        event("a", { time: "08:00" }),
        event("x", { date: "2025-03-13" }),
        event("b"),
      ],
      "2025-03-12",
    );
    expect(day.map((e) => e.id)).toEqual(["a", "b", "c"]);
    expect(cellEvents(day)).toEqual({ shown: day.slice(0, 2), more: 1 });
    expect(cellEvents(day.slice(0, 2)).more).toBe(0);
    expect(cellEvents([]).more).toBe(0);
  });

  it("save needs a title and a time, else the list is unchanged and the missing fields are named", () => {
    const events = [event("a")];
    const draft = { title: "  ", date: "2025-03-12", time: "", category: "task" as const };
    expect(draftProblems(draft)).toEqual({
      title: "Add a title: it is needed to save.",
      time: "Add a time: it is needed to save.",
    });
    expect(saveDraft(events, "b", draft)).toBe(events);
    expect(saveDraft(events, "b", { ...draft, title: "Dentist" })).toBe(events);
    expect(saveDraft(events, "b", { ...draft, time: "10:00" })).toBe(events);
    const saved = saveDraft(events, "b", {
      ...draft,
      title: " Dentist ",
      time: "10:00",
      category: "appointment",
    });
    expect(saved.at(-1)).toEqual(
      event("b", { title: "Dentist", time: "10:00", category: "appointment", color: "red" }),
    );
  });

  it("edits keep the id; a task toggles completed, other categories do not; delete", () => {
    let events = toggleCompleted([event("a"), event("s", { category: "social", color: "green" })], "a");
    expect(events[0]?.completed).toBe(true);
    expect(toggleCompleted(events, "s")[1]?.completed).toBe(false);
    events = saveDraft(events, "a", {
      title: "Renamed",
      date: "2025-03-14",
      time: "07:30",
      category: "task",
    });
    expect(events[0]).toMatchObject({ id: "a", title: "Renamed", date: "2025-03-14", completed: true });
    events = saveDraft(events, "a", {
      title: "Renamed",
      date: "2025-03-14",
      time: "07:30",
      category: "reminder",
    });
    expect(events[0]).toMatchObject({ category: "reminder", color: "yellow", completed: false });
    expect(deleteEvent(events, "a").map((e) => e.id)).toEqual(["s"]);
  });

  it("reads stored events through the schema; the colour always follows the category", () => {
    expect(readEvents("nope")).toEqual([]);
    expect(
      readEvents([
        { ...event("a"), color: "purple" },
        { ...event("b"), date: "2025-02-30" },
        { ...event("c"), time: "25:00" },
        { ...event("d"), category: "party" },
        { id: "e", title: "No completed flag", date: "2025-03-01", time: "10:00", category: "social" },
        event("a"),
      ]),
    ).toEqual([
      event("a"),
      {
        id: "e",
        title: "No completed flag",
        date: "2025-03-01",
        time: "10:00",
        category: "social",
        color: "green",
        completed: false,
      },
    ]);
  });

  it("finds the next reminders after now, skipping past events and completed tasks", () => {
    const now = new Date(2025, 2, 12, 9, 30).getTime();
    const events = [
      event("past", { time: "09:00" }),
      event("done", { time: "10:00", completed: true }),
      event("a", { time: "11:00" }),
      event("b", { time: "11:00", category: "reminder" }),
      event("later", { time: "12:00" }),
    ];
    const next = nextReminders(events, now);
    expect(next?.at).toBe(new Date(2025, 2, 12, 11, 0).getTime());
    expect(next?.events.map((e) => e.id)).toEqual(["a", "b"]);
    expect(nextReminders([event("past")], now)).toBeNull();
  });

  it("reminders due between two moments: those whose time came, never twice", () => {
    const at = (h: number, m = 0) => new Date(2025, 2, 12, h, m).getTime();
    const events = [
      event("a", { time: "10:00" }),
      event("b", { time: "10:30", completed: true }),
      event("c", { time: "11:00" }),
    ];
    expect(dueReminders(events, at(9), at(10)).map((e) => e.id)).toEqual(["a"]);
    expect(dueReminders(events, at(10), at(10, 59))).toEqual([]);
    expect(dueReminders(events, at(9), at(12)).map((e) => e.id)).toEqual(["a", "c"]);
  });
});
