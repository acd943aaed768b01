import { describe, expect, it } from "vitest";
import { emptyLearningRecord, readLearningRecord } from "./neuro-learning";

describe("readLearningRecord", () => {
  it("reads a good record as it is, completions in time order", () => {
    const record = {
      completions: [
        { lessonId: "b", completedAt: 20 },
        { lessonId: "a", completedAt: 10 },
      ],
      achievements: [{ id: "first-steps", earnedAt: 10 }],
    };
    expect(readLearningRecord(record)).toEqual({
      completions: [
        { lessonId: "a", completedAt: 10 },
        { lessonId: "b", completedAt: 20 },
      ],
      achievements: [{ id: "first-steps", earnedAt: 10 }],
    });
  });

  it("an old or hand-edited copy cannot break it: what does not fit is dropped", () => {
    expect(readLearningRecord(null)).toEqual(emptyLearningRecord);
    expect(readLearningRecord("text")).toEqual(emptyLearningRecord);
    expect(readLearningRecord({ completions: "x", achievements: 3 })).toEqual(emptyLearningRecord);
    expect(
      readLearningRecord({
        completions: [{ lessonId: "", completedAt: 1 }, { lessonId: "a" }, { lessonId: "a", completedAt: 5 }],
        achievements: [
          { id: "made-up", earnedAt: 1 },
          { id: "first-steps", earnedAt: 9 },
          { id: "first-steps", earnedAt: 5 },
        ],
      }),
    ).toEqual({
      completions: [{ lessonId: "a", completedAt: 5 }],
      achievements: [{ id: "first-steps", earnedAt: 5 }],
    });
  });
});
