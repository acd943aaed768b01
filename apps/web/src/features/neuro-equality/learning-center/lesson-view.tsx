import { ArrowLeft, ArrowRight, CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatDay } from "./format";
import { InteractiveLesson } from "./interactive-lesson";
import { type LearningModule, type Lesson, lessonTypeLabels } from "./lesson-types";
import { PracticeLesson } from "./practice-lesson";
import { QuizLesson } from "./quiz-lesson";
import { WalkthroughLesson } from "./walkthrough-lesson";

/** One open lesson: what it is, whether it is done, the lesson itself, and the ways on. */
export function LessonView({
  module,
  lesson,
  completedAt,
  onComplete,
  onBack,
  onOpen,
  notice,
}: {
  module: LearningModule;
  lesson: Lesson;
  /** When it was first completed, or null. */
  completedAt: number | null;
  onComplete: () => void;
  onBack: () => void;
  onOpen: (lessonId: string) => void;
  /** What completing it changed (progress, achievements), said once it happened. */
  notice: string | null;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves to each lesson as it opens
  useEffect(() => heading.current?.focus(), [lesson.id]);
  const index = module.lessons.findIndex((l) => l.id === lesson.id);
  const next = module.lessons[index + 1];
  const props = { onComplete };

  return (
    <Card className="grid min-w-0 gap-4 p-4 sm:p-6">
      <section aria-labelledby="lesson-title" className="grid min-w-0 gap-4">
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">
            {module.title} · Lesson {index + 1} of {module.lessons.length} · {lessonTypeLabels[lesson.type]} ·{" "}
            {lesson.duration}
          </p>
          <h2 id="lesson-title" ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
            {lesson.title}
          </h2>
          <p className="flex items-center gap-1.5 text-sm">
            {completedAt !== null ? (
              <>
                <CircleCheck aria-hidden="true" className="size-4 text-success" />
                Completed on {formatDay(completedAt)}
              </>
            ) : (
              "Not completed yet"
            )}
          </p>
        </div>
        {lesson.type === "video" ? (
          <WalkthroughLesson key={lesson.id} steps={lesson.steps} {...props} />
        ) : lesson.type === "interactive" ? (
          <InteractiveLesson key={lesson.id} task={lesson.task} {...props} />
        ) : lesson.type === "quiz" ? (
          <QuizLesson key={lesson.id} questions={lesson.questions} {...props} />
        ) : (
          <PracticeLesson key={lesson.id} task={lesson.task} {...props} />
        )}
      </section>
      <p role="status" className={notice ? "rounded-md bg-muted p-3 text-sm font-medium" : "sr-only"}>
        {notice}
      </p>
      <nav aria-label="Lessons" className="flex flex-wrap gap-2 border-t border-border pt-4">
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden="true" /> Back to all modules
        </Button>
        {next ? (
          <Button variant="outline" onClick={() => onOpen(next.id)}>
            Next lesson <ArrowRight aria-hidden="true" />
          </Button>
        ) : null}
      </nav>
    </Card>
  );
}
