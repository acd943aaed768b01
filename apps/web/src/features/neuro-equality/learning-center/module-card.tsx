import { Circle, CircleCheck } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { type LearningModule, lessonTypeLabels } from "./lesson-types";
import type { ModuleProgress } from "./progress";
import { ProgressBar } from "./progress-bar";

/** The DOM id of a lesson's open button (focus returns to it when the lesson is closed). */
export const lessonButtonId = (lessonId: string) => `open-lesson-${lessonId}`;

/** A module: what it teaches, how hard, how far along, and its lessons to open. */
export function ModuleCard({
  module,
  progress,
  completed,
  onOpen,
}: {
  module: LearningModule;
  progress: ModuleProgress;
  completed: ReadonlyMap<string, number>;
  onOpen: (lessonId: string) => void;
}) {
  const titleId = `module-${module.id}-title`;
  return (
    <Card className="grid min-w-0 content-start gap-3 p-4" role="region" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {module.title}
        </h2>
        <Badge>Difficulty: {module.difficulty}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">{module.description}</p>
      <div className="grid gap-1">
        <ProgressBar label={`${module.title} progress`} percent={progress.percent} />
        <p className="text-sm">
          {progress.percent}% · {progress.completed} of {progress.total} lessons completed
        </p>
      </div>
      <ol aria-label={`${module.title} lessons`} className="grid gap-2">
        {module.lessons.map((lesson) => {
          const done = completed.has(lesson.id);
          return (
            <li key={lesson.id}>
              <button
                id={lessonButtonId(lesson.id)}
                type="button"
                onClick={() => onOpen(lesson.id)}
                className="flex w-full items-start gap-2 rounded-md border border-border p-2 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {done ? (
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                ) : (
                  <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                )}
                <span className="grid min-w-0 gap-0.5">
                  <span className="font-medium">{lesson.title}</span>
                  <span className="text-xs text-muted-foreground">
                    {lessonTypeLabels[lesson.type]} · {lesson.duration} ·{" "}
                    {done ? "Completed" : "Not completed"}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
