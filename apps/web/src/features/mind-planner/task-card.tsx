import type { PlannerTask } from "@neuroos/contracts";
import { ArrowRight, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { nextStatus, statusTitles } from "./plan-model";

const priorityTone = { high: "primary", medium: "accent", low: "neutral" } as const;

/** One task: its priority, the forward arrow (none when done), delete. */
export function TaskCard({
  task,
  onForward,
  onDelete,
}: {
  task: PlannerTask;
  onForward: () => void;
  onDelete: () => void;
}) {
  const next = nextStatus[task.status];
  return (
    <li className="grid gap-1 rounded-md border border-border bg-card p-2 text-sm">
      <div className="flex items-start gap-2">
        <p className="min-w-0 flex-1 break-words font-medium">{task.title}</p>
        <Badge tone={priorityTone[task.priority]}>{task.priority} priority</Badge>
      </div>
      {task.description ? (
        <p className="break-words text-xs text-muted-foreground">{task.description}</p>
      ) : null}
      <div className="flex justify-end gap-1">
        {next ? (
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Move ${task.title} to ${statusTitles[next]}`}
            title={`Move to ${statusTitles[next]}`}
            onClick={onForward}
          >
            <ArrowRight aria-hidden="true" />
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Delete ${task.title}`}
          title="Delete"
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
