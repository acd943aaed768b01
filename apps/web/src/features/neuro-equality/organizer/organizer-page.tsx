import { ORGANIZER_TEXT_MAX, type OrganizerTask, organizerLists } from "@neuroos/contracts";
import { Plus } from "lucide-react";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useDeleteWithUndo } from "@/components/ui/task-delete";
import { SyncLine } from "@/features/app-kit";
import { useDocument } from "@/lib/documents/use-document";
import { NeuroToolFrame } from "../tool-frame";
import { OrganizerColumn } from "./organizer-column";
import { addTask, type Direction, moveTask, readTasks, tasksIn, taskTextProblem } from "./organizer-model";

/** One organizer per account, kept by the documents store (and on the device while offline). */
const organizerDocument = {
  kind: "neuro-organizer",
  defaultTitle: "Visual Organizer",
  emptyContent: [] as OrganizerTask[],
  localKeys: { title: "neuro-organizer-title", content: "neuro-organizer-tasks" },
  codec: "json",
} as const;

/** Visual Organizer: tasks in To Do, Doing and Done, moved both ways by buttons or the keyboard. */
export function OrganizerPage() {
  const doc = useDocument<OrganizerTask[]>(organizerDocument);
  const tasks = useMemo(() => readTasks(doc.content), [doc.content]);
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const focusAfterMove = useRef<string | null>(null);
  const board = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    const moved = focusAfterMove.current;
    if (!moved) return;
    focusAfterMove.current = null;
    board.current?.querySelector<HTMLElement>(`[data-task-id="${CSS.escape(moved)}"]`)?.focus();
  });

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const why = taskTextProblem(text, tasks.length);
    setProblem(why);
    if (why) return;
    doc.setContent(addTask(tasks, text, crypto.randomUUID()));
    setText("");
  };
  const onDelete = useDeleteWithUndo(tasks, doc.setContent, (task) => task.text, doc.id);
  const onMove = (taskId: string, direction: Direction) => {
    const moved = moveTask(tasks, taskId, direction);
    if (moved === tasks) return;
    focusAfterMove.current = taskId;
    doc.setContent(moved);
  };

  return (
    <NeuroToolFrame
      title="Visual Organizer"
      description="Sort your tasks into To Do, Doing and Done. Move a task forward when you start or finish it, or back when plans change."
    >
      <SyncLine
        status={doc.status}
        title="Tasks"
        message={doc.message}
        onKeepMine={doc.keepMine}
        onTakeTheirs={doc.takeTheirs}
      />
      <form onSubmit={onAdd} className="grid gap-1.5" noValidate>
        <Label htmlFor={`${id}-text`}>New task</Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-text`}
            value={text}
            maxLength={ORGANIZER_TEXT_MAX}
            autoComplete="off"
            aria-describedby={`${id}-problem`}
            aria-invalid={problem ? true : undefined}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setProblem(null);
            }}
            className="min-w-0 flex-1"
          />
          <Button type="submit">
            <Plus aria-hidden="true" /> Add
          </Button>
        </div>
        <p id={`${id}-problem`} aria-live="polite" className="min-h-5 text-sm text-danger-text">
          {problem}
        </p>
      </form>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        Keyboard: Tab to a task, then Alt+Right arrow moves it forward and Alt+Left arrow moves it back.
      </p>
      <div ref={board} className="grid gap-3 md:grid-cols-3">
        {organizerLists.map((list) => (
          <OrganizerColumn
            key={list}
            list={list}
            tasks={tasksIn(tasks, list)}
            hintId={`${id}-hint`}
            onMove={onMove}
            onDelete={onDelete}
          />
        ))}
      </div>
    </NeuroToolFrame>
  );
}
