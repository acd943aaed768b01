import { Check } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { type QuizResult, scoreQuiz } from "./answers";
import { Feedback } from "./feedback";
import type { QuizQuestion } from "./lesson-types";

/**
 * A quiz: one radio group per question (arrow keys choose), checked together. Each answer gets
 * right or wrong in words with the right answer explained; every question right completes it.
 */
export function QuizLesson({ questions, onComplete }: { questions: QuizQuestion[]; onComplete: () => void }) {
  const id = useId();
  const [chosen, setChosen] = useState<Record<string, number | undefined>>({});
  const [result, setResult] = useState<QuizResult | null>(null);
  const [missing, setMissing] = useState(false);

  const check = (event: FormEvent) => {
    event.preventDefault();
    if (questions.some((q) => chosen[q.id] === undefined)) {
      setMissing(true);
      setResult(null);
      return;
    }
    setMissing(false);
    const scored = scoreQuiz(questions, chosen);
    setResult(scored);
    if (scored.passed) onComplete();
  };

  const choose = (questionId: string, option: number) => {
    setChosen({ ...chosen, [questionId]: option });
    setResult(null);
    setMissing(false);
  };

  return (
    <form onSubmit={check} className="grid gap-4" noValidate>
      <p className="text-sm text-muted-foreground">
        Choose one answer for each question, then check. Get every question right to complete the quiz.
      </p>
      {questions.map((q, qi) => {
        const mark = result?.marks[q.id];
        return (
          <fieldset key={q.id} className="grid gap-2 rounded-lg border border-border p-4">
            <legend className="px-1 font-medium">
              {qi + 1}. {q.prompt}
            </legend>
            <div className="grid gap-1">
              {q.options.map((option, oi) => (
                <label
                  key={option}
                  className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 hover:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                >
                  <input
                    type="radio"
                    name={`${id}-${q.id}`}
                    value={oi}
                    checked={chosen[q.id] === oi}
                    onChange={() => choose(q.id, oi)}
                    className="size-4 accent-primary"
                  />
                  {option}
                </label>
              ))}
            </div>
            {mark === "right" ? (
              <Feedback tone="right" announce={false}>
                {q.explanation}
              </Feedback>
            ) : mark === "wrong" ? (
              <Feedback tone="wrong" announce={false}>
                The right answer is “{q.options[q.answer]}”. {q.explanation}
              </Feedback>
            ) : null}
          </fieldset>
        );
      })}
      {missing ? (
        <p role="alert" className="text-sm font-medium text-danger-text">
          Answer every question before checking.
        </p>
      ) : null}
      {result ? (
        <Feedback tone={result.passed ? "right" : "note"}>
          {result.correct} of {result.total} correct.{" "}
          {result.passed
            ? "Quiz passed: lesson completed."
            : "Get every question right to complete this lesson: change your answers and check again."}
        </Feedback>
      ) : null}
      <div>
        <Button type="submit">
          <Check aria-hidden="true" /> Check answers
        </Button>
      </div>
    </form>
  );
}
