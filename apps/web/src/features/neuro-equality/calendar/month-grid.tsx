import type { CalendarEvent } from "@neuroos/contracts";
import { cn } from "@/lib/cn";
import { cellEvents, type DayCell, eventsOn, longDate, WEEKDAYS } from "./calendar-model";
import { categoryLook } from "./category-look";

/** The month as a table: weekday headers, 6 weeks; each day its first 2 events and '+N more'. */
export function MonthGrid({
  caption,
  weeks,
  events,
  today,
  selected,
  onOpenDay,
  onOpenEvent,
}: {
  caption: string;
  weeks: DayCell[][];
  events: CalendarEvent[];
  today: string;
  selected: string;
  onOpenDay: (date: string) => void;
  onOpenEvent: (event: CalendarEvent) => void;
}) {
  return (
    <table className="w-full table-fixed border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map((day) => (
            <th
              key={day}
              scope="col"
              abbr={day}
              className="p-1 text-center text-xs font-medium text-muted-foreground"
            >
              {day.slice(0, 3)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]?.date}>
            {week.map((cell) => {
              const dayEvents = eventsOn(events, cell.date);
              const { shown, more } = cellEvents(dayEvents);
              const name = longDate(cell.date);
              return (
                <td
                  key={cell.date}
                  aria-current={cell.date === today ? "date" : undefined}
                  className={cn(
                    "h-20 border border-border p-0.5 align-top sm:h-24 sm:p-1",
                    cell.inMonth ? "bg-card" : "bg-muted",
                    cell.date === selected && "outline-2 -outline-offset-2 outline-ring",
                  )}
                >
                  <div className="grid min-w-0 gap-0.5">
                    <button
                      type="button"
                      onClick={() => onOpenDay(cell.date)}
                      aria-label={`${cell.day}, ${name}${dayEvents.length ? `, ${dayEvents.length} ${dayEvents.length === 1 ? "event" : "events"}` : ""}`}
                      className={cn(
                        "justify-self-start rounded px-1 text-xs font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
                        cell.inMonth ? "text-foreground" : "text-muted-foreground",
                        cell.date === today && "bg-primary text-primary-foreground hover:bg-primary-hover",
                      )}
                    >
                      {cell.day}
                    </button>
                    {shown.map((event) => {
                      const look = categoryLook[event.category];
                      const Icon = look.icon;
                      return (
                        <button
                          key={event.id}
                          type="button"
                          data-category={event.category}
                          onClick={() => onOpenEvent(event)}
                          aria-label={`${event.title}, ${look.name}, ${event.time}${event.completed ? ", completed" : ""}`}
                          className={cn(
                            "flex min-w-0 items-center gap-0.5 rounded-sm border-l-4 px-0.5 text-left text-xs text-foreground focus-visible:outline-2 focus-visible:outline-ring",
                            look.chip,
                            event.completed && "text-muted-foreground line-through",
                          )}
                        >
                          <Icon aria-hidden="true" className="size-3 shrink-0" />
                          <span className="truncate">{event.title}</span>
                        </button>
                      );
                    })}
                    {more > 0 ? (
                      <button
                        type="button"
                        onClick={() => onOpenDay(cell.date)}
                        aria-label={`+${more} more: all events on ${name}`}
                        className="justify-self-start rounded px-0.5 text-xs font-medium text-link underline hover:no-underline focus-visible:outline-2 focus-visible:outline-ring"
                      >
                        +{more} more
                      </button>
                    ) : null}
                  </div>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
