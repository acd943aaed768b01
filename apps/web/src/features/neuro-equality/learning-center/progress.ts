import {
  type EarnedAchievement,
  type LearningAchievementId,
  type LearningRecord,
  type LessonCompletion,
  MAX_LESSON_COMPLETIONS,
} from "@neuroos/contracts";
import type { LearningModule } from "./lesson-types";

/**
 * The Learning Center's progress and achievements, computed from the stored record alone.
 * Days are the person's local calendar dates (the browser's time zone).
 */

/** Distinct days of learning that earn Week Warrior. */
export const WEEK_WARRIOR_DAYS = 7;

export interface ModuleProgress {
  completed: number;
  total: number;
  /** completed / total as a whole percent. */
  percent: number;
}

export interface AchievementStatus {
  id: LearningAchievementId;
  name: string;
  rule: string;
  /** When it was earned (ms), or null while not earned. */
  earnedAt: number | null;
  current: number;
  target: number;
  /** How far along, e.g. '3 of 7 days'. */
  progressText: string;
}

/** The local calendar date of a moment, e.g. '2025-03-09' (in the runtime's time zone). */
export function localDateKey(time: number): string {
  const date = new Date(time);
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The lessons completed at least once, each with its first completion time. */
export function completedLessons(record: LearningRecord): Map<string, number> {
  const firsts = new Map<string, number>();
  for (const { lessonId, completedAt } of record.completions) {
    const known = firsts.get(lessonId);
    if (known === undefined || completedAt < known) firsts.set(lessonId, completedAt);
  }
  return firsts;
}

function progressOf(module: LearningModule, done: Map<string, number>): ModuleProgress {
  const total = module.lessons.length;
  const completed = module.lessons.filter((lesson) => done.has(lesson.id)).length;
  return { completed, total, percent: total === 0 ? 0 : Math.round((completed / total) * 100) };
}

/** A module's progress: its completed lessons over all its lessons. */
export function moduleProgress(module: LearningModule, record: LearningRecord): ModuleProgress {
  return progressOf(module, completedLessons(record));
}

/** Overall progress: the average of the modules' progress percents, rounded. */
export function overallProgress(modules: LearningModule[], record: LearningRecord): number {
  if (modules.length === 0) return 0;
  const done = completedLessons(record);
  const sum = modules.reduce((total, module) => total + progressOf(module, done).percent, 0);
  return Math.round(sum / modules.length);
}

interface Rule {
  id: LearningAchievementId;
  name: string;
  rule: string;
  unit: (n: number) => string;
  /** How far along the completions so far are, and the target. */
  measure: (
    modules: LearningModule[],
    completions: LessonCompletion[],
  ) => { current: number; target: number; where?: string };
}

const plural = (word: string) => (n: number) => `${n === 1 ? word : `${word}s`}`;

const rules: Rule[] = [
  {
    id: "first-steps",
    name: "First Steps",
    rule: "Complete any lesson.",
    unit: plural("lesson"),
    measure: (_modules, completions) => ({ current: Math.min(completions.length, 1), target: 1 }),
  },
  {
    id: "week-warrior",
    name: "Week Warrior",
    rule: `Learn on ${WEEK_WARRIOR_DAYS} different days: complete a lesson on ${WEEK_WARRIOR_DAYS} different calendar dates (in your time zone; the days need not be in a row).`,
    unit: plural("day"),
    measure: (_modules, completions) => ({
      current: Math.min(new Set(completions.map((c) => localDateKey(c.completedAt))).size, WEEK_WARRIOR_DAYS),
      target: WEEK_WARRIOR_DAYS,
    }),
  },
  {
    id: "module-master",
    name: "Module Master",
    rule: "Complete every lesson of one module.",
    unit: plural("lesson"),
    measure: (modules, completions) => {
      const done = new Set(completions.map((c) => c.lessonId));
      const closest = modules
        .map((m) => ({
          current: m.lessons.filter((l) => done.has(l.id)).length,
          target: m.lessons.length,
          where: m.title,
        }))
        .sort((a, b) => b.current / b.target - a.current / a.target || a.target - b.target)[0];
      return closest ?? { current: 0, target: 1 };
    },
  },
  {
    id: "knowledge-seeker",
    name: "Knowledge Seeker",
    rule: "Complete at least one lesson in every module.",
    unit: plural("module"),
    measure: (modules, completions) => {
      const done = new Set(completions.map((c) => c.lessonId));
      const started = modules.filter((m) => m.lessons.some((l) => done.has(l.id))).length;
      return { current: started, target: modules.length };
    },
  },
];

/** Completions of lessons that exist, oldest first. */
function knownCompletions(modules: LearningModule[], record: LearningRecord): LessonCompletion[] {
  const lessonIds = new Set(modules.flatMap((m) => m.lessons.map((l) => l.id)));
  return record.completions
    .filter((c) => lessonIds.has(c.lessonId))
    .sort((a, b) => a.completedAt - b.completedAt);
}

/** The moment the completions first met the rule (the completion that did it), or null. */
function metAt(rule: Rule, modules: LearningModule[], completions: LessonCompletion[]): number | null {
  for (let i = 0; i < completions.length; i += 1) {
    const { current, target } = rule.measure(modules, completions.slice(0, i + 1));
    if (current >= target) return completions[i]?.completedAt ?? null;
  }
  return null;
}

/** Every achievement: earned (the stored time, else when the activity met its rule) or how far along. */
export function achievementStatuses(modules: LearningModule[], record: LearningRecord): AchievementStatus[] {
  const completions = knownCompletions(modules, record);
  return rules.map((rule) => {
    const stored = record.achievements.find((a) => a.id === rule.id)?.earnedAt;
    const earnedAt = stored ?? metAt(rule, modules, completions);
    const { current, target, where } = rule.measure(modules, completions);
    const shown = earnedAt === null ? current : Math.max(current, target);
    return {
      id: rule.id,
      name: rule.name,
      rule: rule.rule,
      earnedAt,
      current: shown,
      target,
      progressText: `${shown} of ${target} ${rule.unit(target)}${where && earnedAt === null ? ` in ${where}` : ""}`,
    };
  });
}

/**
 * The record after a lesson was completed at `now`: the completion added (once per lesson per
 * local day) and every achievement its rule now grants stored with the time it was earned.
 */
export function completeLesson(
  modules: LearningModule[],
  record: LearningRecord,
  lessonId: string,
  now: number,
): LearningRecord {
  const today = localDateKey(now);
  const already = record.completions.some(
    (c) => c.lessonId === lessonId && localDateKey(c.completedAt) === today,
  );
  const completions = already
    ? record.completions
    : [...record.completions, { lessonId, completedAt: now }].slice(-MAX_LESSON_COMPLETIONS);
  const next = { ...record, completions };
  const achievements: EarnedAchievement[] = achievementStatuses(modules, next).flatMap((status) =>
    status.earnedAt === null ? [] : [{ id: status.id, earnedAt: status.earnedAt }],
  );
  return { completions, achievements };
}
