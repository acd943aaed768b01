import { Check } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { checkPractice, type PracticeResult } from "./answers";
import { Feedback } from "./feedback";
import { CodeLines, IllustrationView } from "./illustration";
import type { PracticeTask } from "./lesson-types";

/** Practice: a question to answer in one's own words; a right answer completes the lesson. */
export function PracticeLesson({ task, onComplete }: { task: PracticeTask; onComplete: () => void }) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const [result, setResult] = useState<(PracticeResult & { answer: string }) | null>(null);
  const [tries, setTries] = useState(0);

  const check = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPractice(task, typed);
    setResult({ ...checked, answer: typed.trim() });
    if (checked.kind === "wrong") setTries(tries + 1);
    if (checked.kind === "right") onComplete();
  };

  return (
    <form onSubmit={check} className="grid gap-4" noValidate>
      <p className="font-medium">{task.prompt}</p>
      {task.code ? <CodeLines lines={task.code} /> : null}
      {task.illustration ? <IllustrationView illustration={task.illustration} /> : null}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-answer`}>Your answer</Label>
        <Input
          id={`${id}-answer`}
          value={typed}
          maxLength={200}
          autoComplete="off"
          aria-invalid={result?.kind === "empty" ? true : undefined}
          aria-describedby={result?.kind === "empty" ? `${id}-error` : undefined}
          onChange={(e) => setTyped(e.currentTarget.value)}
        />
        {result?.kind === "empty" ? (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger-text">
            Type an answer first.
          </p>
        ) : null}
      </div>
      {result?.kind === "right" ? (
        <Feedback tone="right">
          “{result.answer}” is right. {task.explanation} Lesson completed.
        </Feedback>
      ) : result?.kind === "wrong" ? (
        <Feedback tone="wrong">
          “{result.answer}” is not the answer. Hint: {task.hint}
          {tries >= 2 ? ` The answer: ${task.explanation}` : " Try again."}
        </Feedback>
      ) : null}
      <div>
        <Button type="submit">
          <Check aria-hidden="true" /> Check answer
        </Button>
      </div>
    </form>
  );
}
