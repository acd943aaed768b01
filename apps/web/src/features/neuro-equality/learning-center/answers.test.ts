import { describe, expect, it } from "vitest";
import { checkPractice, isInOrder, itemsInPlace, moveItem, normaliseAnswer, scoreQuiz } from "./answers";
import type { PracticeTask, QuizQuestion } from "./lesson-types";

const task: PracticeTask = {
  prompt: "Mix red and blue.",
  answers: ["purple", "violet"],
  hint: "opposite yellow",
  explanation: "Red and blue make purple.",
};

describe("practice answers", () => {
  it("accepts any accepted answer, whatever its case, spaces, quotes or final full stop", () => {
    for (const typed of ["purple", "  Purple. ", "VIOLET", "'purple'", "“purple”"])
      expect(checkPractice(task, typed)).toEqual({ kind: "right" });
    expect(normaliseAnswer("  5   slices. ")).toBe("5 slices");
  });

  it("a wrong answer is wrong; nothing typed is nothing to check", () => {
    expect(checkPractice(task, "green")).toEqual({ kind: "wrong" });
    expect(checkPractice(task, "   ")).toEqual({ kind: "empty" });
  });
});

describe("quizzes", () => {
  const questions: QuizQuestion[] = [
    { id: "a", prompt: "1 + 1?", options: ["1", "2"], answer: 1, explanation: "" },
    { id: "b", prompt: "2 + 2?", options: ["4", "5"], answer: 0, explanation: "" },
  ];

  it("passes only when every question is right", () => {
    expect(scoreQuiz(questions, { a: 1, b: 0 })).toEqual({
      marks: { a: "right", b: "right" },
      correct: 2,
      total: 2,
      passed: true,
    });
    expect(scoreQuiz(questions, { a: 1, b: 1 })).toMatchObject({ correct: 1, passed: false });
    expect(scoreQuiz(questions, { a: 1 })).toMatchObject({
      marks: { a: "right", b: "unanswered" },
      passed: false,
    });
  });
});

describe("ordering", () => {
  it("moves an item up or down, never out of the list", () => {
    expect(moveItem([2, 0, 1], 0, 1)).toEqual([0, 2, 1]);
    expect(moveItem([2, 0, 1], 2, -1)).toEqual([2, 1, 0]);
    expect(moveItem([2, 0, 1], 0, -1)).toEqual([2, 0, 1]);
    expect(moveItem([2, 0, 1], 2, 1)).toEqual([2, 0, 1]);
  });

  it("knows when the items are in order and how many are in place", () => {
    expect(isInOrder([0, 1, 2])).toBe(true);
    expect(isInOrder([1, 0, 2])).toBe(false);
    expect(itemsInPlace([1, 0, 2])).toBe(1);
  });
});
