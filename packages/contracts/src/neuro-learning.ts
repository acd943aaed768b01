import { z } from "zod";

/**
 * The Learning Center's record, one document of kind `neuro-learning` per account: each time a
 * lesson was completed (a lesson done again on another day is learning on that day too), and
 * which achievements were earned and when. Times are milliseconds since the epoch; days are
 * counted by the person's local calendar date.
 */
export const NEURO_LEARNING_KIND = "neuro-learning";

export const learningAchievementIds = [
  "first-steps",
  "week-warrior",
  "module-master",
  "knowledge-seeker",
] as const;
export type LearningAchievementId = (typeof learningAchievementIds)[number];

const time = z.number().int().min(0).max(8.64e15);

export const lessonCompletionSchema = z.object({
  lessonId: z.string().min(1).max(80),
  completedAt: time,
});
export type LessonCompletion = z.infer<typeof lessonCompletionSchema>;

export const earnedAchievementSchema = z.object({
  id: z.enum(learningAchievementIds),
  earnedAt: time,
});
export type EarnedAchievement = z.infer<typeof earnedAchievementSchema>;

/** The completions kept: the newest this many (earned achievements keep their own times). */
export const MAX_LESSON_COMPLETIONS = 1000;

export const learningRecordSchema = z.object({
  completions: z.array(lessonCompletionSchema).max(MAX_LESSON_COMPLETIONS),
  achievements: z.array(earnedAchievementSchema).max(learningAchievementIds.length),
});
export type LearningRecord = z.infer<typeof learningRecordSchema>;

export const emptyLearningRecord: LearningRecord = { completions: [], achievements: [] };

/**
 * A stored record read safely: entries that do not fit are dropped (an old or hand-edited copy
 * cannot break the screen); completions in time order (the newest kept), each achievement once
 * with its earliest time.
 */
export function readLearningRecord(value: unknown): LearningRecord {
  const raw = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const completions = validItems(raw.completions, lessonCompletionSchema)
    .sort((a, b) => a.completedAt - b.completedAt)
    .slice(-MAX_LESSON_COMPLETIONS);
  const achievements = earliestOf(
    validItems(raw.achievements, earnedAchievementSchema),
    (a) => a.id,
    (a) => a.earnedAt,
  );
  return { completions, achievements };
}

function validItems<T>(list: unknown, schema: z.ZodType<T>): T[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

function earliestOf<T>(items: T[], key: (item: T) => string, at: (item: T) => number): T[] {
  const byKey = new Map<string, T>();
  for (const item of items) {
    const kept = byKey.get(key(item));
    if (!kept || at(item) < at(kept)) byKey.set(key(item), item);
  }
  return [...byKey.values()].sort((a, b) => at(a) - at(b));
}
