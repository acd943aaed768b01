import type { CalendarEvent } from "@neuroos/contracts";
import { Pencil, Plus, Trash2 } from "lucide-react";
import type { Ref } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { longDate } from "./calendar-model";
import { categoryLook } from "./category-look";

/** One day's full list: each event with its time, category (icon and name) and colour; tasks tick off. */
export function DayPanel({
  date,
  events,
  headingRef,
  onAdd,
  onEdit,
  onDelete,
  onToggle,
}: {
  date: string;
  events: CalendarEvent[];
  headingRef: Ref<HTMLHeadingElement>;
  onAdd: () => void;
  onEdit: (event: CalendarEvent) => void;
  onDelete: (event: CalendarEvent) => void;
  onToggle: (event: CalendarEvent) => void;
}) {
  const headingId = `day-${date}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border border-border bg-card p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
          {longDate(date)}
        </h2>
        <Button size="sm" variant="outline" onClick={onAdd}>
          <Plus aria-hidden="true" /> Add event on this day
        </Button>
      </div>
      {events.length === 0 ? <p className="text-sm text-muted-foreground">No events on this day.</p> : null}
      <ul className="grid gap-2">
        {events.map((event) => {
          const look = categoryLook[event.category];
          const Icon = look.icon;
          return (
            <li
              key={event.id}
              data-category={event.category}
              className={cn(
                "grid gap-2 rounded-md border-l-4 p-2 text-sm sm:flex sm:items-center",
                look.chip,
              )}
            >
              <div className={cn("grid min-w-0 flex-1 gap-0.5", event.completed && "text-muted-foreground")}>
                <p className={cn("break-words font-medium", event.completed && "line-through")}>
                  {event.title}
                </p>
                <p className="flex flex-wrap items-center gap-x-2 text-xs">
                  <span>{event.time}</span>
                  <span className="inline-flex items-center gap-1">
                    <Icon aria-hidden="true" className="size-3.5" /> {look.name}
                  </span>
                  {event.completed ? <span>Completed</span> : null}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-1">
                {event.category === "task" ? (
                  <label className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium">
                    <input
                      type="checkbox"
                      checked={event.completed}
                      onChange={() => onToggle(event)}
                      aria-label={`Completed: ${event.title}`}
                      className="size-4 accent-primary"
                    />
                    Completed
                  </label>
                ) : null}
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Edit "${event.title}"`}
                  onClick={() => onEdit(event)}
                >
                  <Pencil aria-hidden="true" /> Edit
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Delete "${event.title}"`}
                  onClick={() => onDelete(event)}
                >
                  <Trash2 aria-hidden="true" /> Delete
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
