import { emptyLearningRecord, NEURO_LEARNING_KIND, readLearningRecord } from "@neuroos/contracts";
import { useEffect, useMemo, useRef, useState } from "react";
import { Card } from "@/components/ui/card";
import { SyncLine } from "@/features/app-kit";
import { useDocument } from "@/lib/documents/use-document";
import { NeuroToolFrame } from "../tool-frame";
import { AchievementsList } from "./achievements-list";
import { LessonView } from "./lesson-view";
import { lessonButtonId, ModuleCard } from "./module-card";
import { learningModules } from "./modules";
import {
  achievementStatuses,
  completedLessons,
  completeLesson,
  moduleProgress,
  overallProgress,
} from "./progress";
import { ProgressBar } from "./progress-bar";

const learningDocument = {
  kind: NEURO_LEARNING_KIND,
  defaultTitle: "Learning record",
  emptyContent: emptyLearningRecord as unknown,
  localKeys: { title: "neuro-learning-title", content: "neuro-learning-record" },
  codec: "json",
} as const;

/**
 * /neuro-equality/learning-center: the sample modules (math, reading, coding, art) with their
 * lessons, each module's progress, the overall progress (their average) and the achievements,
 * all computed from the account's record of completed lessons.
 */
export function LearningCenterPage() {
  const doc = useDocument<unknown>(learningDocument);
  const record = useMemo(() => readLearningRecord(doc.content), [doc.content]);
  const completed = useMemo(() => completedLessons(record), [record]);
  const achievements = useMemo(() => achievementStatuses(learningModules, record), [record]);
  const overall = overallProgress(learningModules, record);
  const [openId, setOpenId] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const closedId = useRef<string | null>(null);

  const open = learningModules.flatMap((module) =>
    module.lessons.filter((l) => l.id === openId).map((lesson) => ({ module, lesson })),
  )[0];

  useEffect(() => {
    if (openId === null && closedId.current)
      document.getElementById(lessonButtonId(closedId.current))?.focus();
  }, [openId]);

  const openLesson = (lessonId: string | null) => {
    if (lessonId === null) closedId.current = openId;
    setOpenId(lessonId);
    setNotice(null);
  };

  const complete = (lessonId: string) => {
    const next = completeLesson(learningModules, record, lessonId, Date.now());
    doc.setContent(next);
    const module = learningModules.find((m) => m.lessons.some((l) => l.id === lessonId));
    const earned = achievementStatuses(learningModules, next).filter(
      (a) => a.earnedAt !== null && !achievements.some((b) => b.id === a.id && b.earnedAt !== null),
    );
    setNotice(
      [
        "Lesson completed.",
        module ? `${module.title}: ${moduleProgress(module, next).percent}% complete.` : "",
        `Overall progress: ${overallProgress(learningModules, next)}%.`,
        ...earned.map((a) => `Achievement earned: ${a.name}!`),
      ]
        .filter(Boolean)
        .join(" "),
    );
  };

  return (
    <NeuroToolFrame title="Learning Center" description="Short lessons, quizzes and practice at your pace.">
      <SyncLine
        status={doc.status}
        title="Learning progress"
        message={doc.message}
        onKeepMine={doc.keepMine}
        onTakeTheirs={doc.takeTheirs}
      />
      <Card className="grid gap-2 p-4" role="region" aria-labelledby="overall-progress-title">
        <h2 id="overall-progress-title" className="font-semibold">
          Overall progress
        </h2>
        <ProgressBar label="Overall progress" percent={overall} />
        <p className="text-sm">
          {overall}% · the average of your progress in the {learningModules.length} modules
        </p>
      </Card>
      {open ? (
        <LessonView
          module={open.module}
          lesson={open.lesson}
          completedAt={completed.get(open.lesson.id) ?? null}
          onComplete={() => complete(open.lesson.id)}
          onBack={() => openLesson(null)}
          onOpen={openLesson}
          notice={notice}
        />
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {learningModules.map((module) => (
            <ModuleCard
              key={module.id}
              module={module}
              progress={moduleProgress(module, record)}
              completed={completed}
              onOpen={openLesson}
            />
          ))}
        </div>
      )}
      <AchievementsList achievements={achievements} />
    </NeuroToolFrame>
  );
}
