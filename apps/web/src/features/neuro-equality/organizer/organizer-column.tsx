import type { OrganizerList, OrganizerTask } from "@neuroos/contracts";
import { ArrowLeft, ArrowRight, Trash2 } from "lucide-react";
import type { KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { type Direction, listTitles, nextList, previousList } from "./organizer-model";

/** One list (To Do, Doing, Done) and its tasks, each movable both ways by buttons or Alt+arrows. */
export function OrganizerColumn({
  list,
  tasks,
  hintId,
  onMove,
  onDelete,
}: {
  list: OrganizerList;
  tasks: OrganizerTask[];
  /** The id of the visible keyboard hint, read with each task. */
  hintId: string;
  onMove: (id: string, direction: Direction) => void;
  onDelete: (id: string) => void;
}) {
  const headingId = `organizer-${list}`;
  const next = nextList[list];
  const previous = previousList[list];

  const onKeyDown = (task: OrganizerTask) => (event: KeyboardEvent) => {
    if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key === "ArrowRight" && next) onMove(task.id, "forward");
    else if (event.key === "ArrowLeft" && previous) onMove(task.id, "back");
    else return;
    event.preventDefault();
  };

  return (
    <section
      aria-labelledby={headingId}
      className="grid min-w-0 content-start gap-2 rounded-lg border border-border bg-muted/40 p-3"
    >
      <h2 id={headingId} className="flex items-baseline justify-between gap-2 text-lg font-semibold">
        {listTitles[list]}
        <span className="text-sm font-normal text-muted-foreground">
          {tasks.length} {tasks.length === 1 ? "task" : "tasks"}
        </span>
      </h2>
      {tasks.length === 0 ? <p className="text-sm text-muted-foreground">Nothing here.</p> : null}
      <ul className="grid gap-2">
        {tasks.map((task) => (
          <li
            key={task.id}
            data-task-id={task.id}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the task itself takes focus so Alt+arrows can move it
            tabIndex={0}
            aria-describedby={hintId}
            onKeyDown={onKeyDown(task)}
            className="grid gap-1 rounded-md border border-border bg-card p-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <p className="min-w-0 break-words font-medium">{task.text}</p>
            <div className="flex flex-wrap justify-end gap-1">
              {previous ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Move "${task.text}" to ${listTitles[previous]}`}
                  title={`Move to ${listTitles[previous]}`}
                  onClick={() => onMove(task.id, "back")}
                >
                  <ArrowLeft aria-hidden="true" />
                </Button>
              ) : null}
              {next ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Move "${task.text}" to ${listTitles[next]}`}
                  title={`Move to ${listTitles[next]}`}
                  onClick={() => onMove(task.id, "forward")}
                >
                  <ArrowRight aria-hidden="true" />
                </Button>
              ) : null}
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete "${task.text}"`}
                title="Delete"
                onClick={() => onDelete(task.id)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
