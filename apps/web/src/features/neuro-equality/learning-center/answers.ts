import type { PracticeTask, QuizQuestion } from "./lesson-types";

/** Checking a person's answers in lessons: quizzes, practice, and the interactive tasks. */

/** An answer as compared: no case, single spaces, no spaces or full stop at the ends, plain quotes. */
export function normaliseAnswer(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[‘’“”]/g, (c) => (c === "‘" || c === "’" ? "'" : '"'))
    .replace(/^['"]|['"]$/g, "")
    .replace(/\s+/g, " ")
    .replace(/[.!]+$/, "")
    .trim();
}

export type PracticeResult = { kind: "empty" } | { kind: "right" } | { kind: "wrong" };

/** A typed practice answer: empty (nothing to check), right or wrong. */
export function checkPractice(task: PracticeTask, typed: string): PracticeResult {
  const answer = normaliseAnswer(typed);
  if (answer === "") return { kind: "empty" };
  return task.answers.some((accepted) => normaliseAnswer(accepted) === answer)
    ? { kind: "right" }
    : { kind: "wrong" };
}

export interface QuizResult {
  /** Per question: right, wrong, or unanswered. */
  marks: Record<string, "right" | "wrong" | "unanswered">;
  correct: number;
  total: number;
  /** Passing needs every question right. */
  passed: boolean;
}

/** Scores chosen options (question id → option index) against the questions. */
export function scoreQuiz(questions: QuizQuestion[], chosen: Record<string, number | undefined>): QuizResult {
  const marks: QuizResult["marks"] = {};
  for (const q of questions) {
    const choice = chosen[q.id];
    marks[q.id] = choice === undefined ? "unanswered" : choice === q.answer ? "right" : "wrong";
  }
  const correct = Object.values(marks).filter((m) => m === "right").length;
  return { marks, correct, total: questions.length, passed: correct === questions.length };
}

/** Items listed in `order` (indexes) with the one at `from` moved by `by` places (kept inside the list). */
export function moveItem(order: number[], from: number, by: -1 | 1): number[] {
  const to = from + by;
  if (from < 0 || from >= order.length || to < 0 || to >= order.length) return order;
  const next = [...order];
  [next[from], next[to]] = [next[to] as number, next[from] as number];
  return next;
}

/** Whether the items are in their right order (0, 1, 2, ...). */
export function isInOrder(order: number[]): boolean {
  return order.every((item, position) => item === position);
}

/** How many of the items sit in their right place. */
export function itemsInPlace(order: number[]): number {
  return order.filter((item, position) => item === position).length;
}
