import { emptyLearningRecord, type LearningRecord } from "@neuroos/contracts";
import { afterEach, describe, expect, it } from "vitest";
import type { LearningModule } from "./lesson-types";
import { learningModules } from "./modules";
import {
  achievementStatuses,
  completeLesson,
  localDateKey,
  moduleProgress,
  overallProgress,
  WEEK_WARRIOR_DAYS,
} from "./progress";

const zoneBefore = process.env.TZ;
afterEach(() => {
  process.env.TZ = zoneBefore;
});

const lessonsOf = (moduleId: string) =>
  (learningModules.find((m) => m.id === moduleId) as LearningModule).lessons.map((l) => l.id);
const DAY = 24 * 60 * 60 * 1000;
const start = new Date(2025, 2, 3, 10, 0).getTime(); // 3 March 2025, 10:00 local

function record(...completions: [string, number][]): LearningRecord {
  return {
    completions: completions.map(([lessonId, completedAt]) => ({ lessonId, completedAt })),
    achievements: [],
  };
}
const status = (r: LearningRecord, id: string) =>
  achievementStatuses(learningModules, r).find((a) => a.id === id);

describe("progress", () => {
  it("a module's progress is its completed lessons over its lessons, as a percent", () => {
    const math = learningModules[0] as LearningModule;
    expect(moduleProgress(math, emptyLearningRecord)).toEqual({ completed: 0, total: 4, percent: 0 });
    const [first, second] = lessonsOf("math");
    const r = record([first as string, start], [second as string, start + 1], [first as string, start + DAY]);
    expect(moduleProgress(math, r)).toEqual({ completed: 2, total: 4, percent: 50 });
  });

  it("overall progress is the average of the modules' progress", () => {
    expect(overallProgress(learningModules, emptyLearningRecord)).toBe(0);
    const math = lessonsOf("math").map((id, i) => [id, start + i] as [string, number]);
    const oneReading = [lessonsOf("reading")[0] as string, start] as [string, number];
    // (100 + 25 + 0 + 0) / 4
    expect(overallProgress(learningModules, record(...math, oneReading))).toBe(31);
    const all = learningModules.flatMap((m) => m.lessons.map((l) => [l.id, start] as [string, number]));
    expect(overallProgress(learningModules, record(...all))).toBe(100);
  });

  it("completions of lessons that do not exist count for nothing", () => {
    const r = record(["no-such-lesson", start]);
    expect(overallProgress(learningModules, r)).toBe(0);
    expect(status(r, "first-steps")?.earnedAt).toBeNull();
  });
});

describe("achievements", () => {
  it("nothing is earned at first; each says how far along it is", () => {
    const statuses = achievementStatuses(learningModules, emptyLearningRecord);
    expect(statuses.map((s) => [s.name, s.earnedAt, s.progressText])).toEqual([
      ["First Steps", null, "0 of 1 lesson"],
      ["Week Warrior", null, "0 of 7 days"],
      ["Module Master", null, "0 of 4 lessons in Math: Fractions"],
      ["Knowledge Seeker", null, "0 of 4 modules"],
    ]);
  });

  it("First Steps: earned by the first completed lesson, at its time", () => {
    const r = completeLesson(learningModules, emptyLearningRecord, "reading-find-the-verb", start);
    expect(r.completions).toEqual([{ lessonId: "reading-find-the-verb", completedAt: start }]);
    expect(r.achievements).toEqual([{ id: "first-steps", earnedAt: start }]);
    expect(status(r, "first-steps")).toMatchObject({ earnedAt: start, progressText: "1 of 1 lesson" });
  });

  it("Module Master: every lesson of one module, earned when its last lesson is done", () => {
    let r = emptyLearningRecord;
    const coding = lessonsOf("coding");
    coding.forEach((id, i) => {
      r = completeLesson(learningModules, r, id, start + i * 60_000);
      if (i < coding.length - 1) expect(status(r, "module-master")?.earnedAt).toBeNull();
    });
    expect(status(r, "module-master")?.earnedAt).toBe(start + (coding.length - 1) * 60_000);
    expect(r.achievements.map((a) => a.id)).toEqual(["first-steps", "module-master"]);
  });

  it("Module Master's progress names the module closest to done", () => {
    const r = record([lessonsOf("art")[0] as string, start], [lessonsOf("art")[1] as string, start]);
    expect(status(r, "module-master")?.progressText).toBe("2 of 4 lessons in Art: Colour");
  });

  it("Knowledge Seeker: a lesson in every module, earned when the last module gets its first", () => {
    let r = emptyLearningRecord;
    for (const [i, id] of ["math", "reading", "coding"].entries())
      r = completeLesson(learningModules, r, lessonsOf(id)[0] as string, start + i);
    expect(status(r, "knowledge-seeker")).toMatchObject({ earnedAt: null, progressText: "3 of 4 modules" });
    r = completeLesson(learningModules, r, lessonsOf("art")[2] as string, start + 10);
    expect(status(r, "knowledge-seeker")?.earnedAt).toBe(start + 10);
  });

  it("Week Warrior: lessons on 7 different local dates, counted once a day, in a row or not", () => {
    let r = emptyLearningRecord;
    const lesson = lessonsOf("math")[0] as string;
    // Two lessons on the first day count as one day; day 4 is skipped.
    r = completeLesson(learningModules, r, lesson, start);
    r = completeLesson(learningModules, r, lessonsOf("math")[1] as string, start + 3 * 60 * 60 * 1000);
    expect(status(r, "week-warrior")?.progressText).toBe("1 of 7 days");
    const days = [1, 2, 4, 5, 6, 7];
    for (const [i, day] of days.entries()) {
      r = completeLesson(learningModules, r, lesson, start + day * DAY);
      const earned = status(r, "week-warrior");
      if (i < days.length - 1)
        expect(earned).toMatchObject({ earnedAt: null, progressText: `${i + 2} of 7 days` });
    }
    expect(status(r, "week-warrior")).toMatchObject({
      earnedAt: start + 7 * DAY,
      progressText: "7 of 7 days",
    });
    expect(r.achievements.find((a) => a.id === "week-warrior")?.earnedAt).toBe(start + 7 * DAY);
    expect(WEEK_WARRIOR_DAYS).toBe(7);
  });

  it("the same lesson again on the same day is not stored twice; on another day it is", () => {
    const lesson = lessonsOf("reading")[0] as string;
    let r = completeLesson(learningModules, emptyLearningRecord, lesson, start);
    r = completeLesson(learningModules, r, lesson, start + 60_000);
    expect(r.completions).toHaveLength(1);
    r = completeLesson(learningModules, r, lesson, start + DAY);
    expect(r.completions).toHaveLength(2);
  });

  it("a stored achievement keeps its stored time", () => {
    const r: LearningRecord = {
      completions: [{ lessonId: lessonsOf("math")[0] as string, completedAt: start }],
      achievements: [{ id: "first-steps", earnedAt: start - DAY }],
    };
    expect(status(r, "first-steps")?.earnedAt).toBe(start - DAY);
    expect(
      completeLesson(learningModules, r, lessonsOf("math")[1] as string, start + 1).achievements,
    ).toEqual([{ id: "first-steps", earnedAt: start - DAY }]);
  });
});

describe("local dates", () => {
  it("days are the calendar dates of the time zone the person is in", () => {
    // 03:00 and 20:00 UTC on 10 March: one day in London, two in New York (22:00 on the 9th there).
    const early = Date.UTC(2025, 2, 10, 3, 0);
    const late = Date.UTC(2025, 2, 10, 20, 0);
    process.env.TZ = "Europe/London";
    expect([localDateKey(early), localDateKey(late)]).toEqual(["2025-03-10", "2025-03-10"]);
    expect(
      status(record(["math-build-a-fraction", early], ["art-mix-colours", late]), "week-warrior")?.current,
    ).toBe(1);
    process.env.TZ = "America/New_York";
    expect([localDateKey(early), localDateKey(late)]).toEqual(["2025-03-09", "2025-03-10"]);
    expect(
      status(record(["math-build-a-fraction", early], ["art-mix-colours", late]), "week-warrior")?.current,
    ).toBe(2);
  });

  it("seven completions 24 hours apart over a daylight-saving change are seven days", () => {
    process.env.TZ = "Europe/Berlin";
    const base = new Date(2025, 2, 27, 12, 0).getTime(); // clocks go forward on 30 March
    const r = record(
      ...Array.from({ length: 7 }, (_, i) => ["coding-variables", base + i * DAY] as [string, number]),
    );
    expect(status(r, "week-warrior")?.earnedAt).toBe(base + 6 * DAY);
  });
});
