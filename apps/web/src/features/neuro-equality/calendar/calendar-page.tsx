import { type CalendarEvent, DEFAULT_CATEGORY } from "@neuroos/contracts";
import { ChevronLeft, ChevronRight, Plus } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { SyncLine } from "@/features/app-kit";
import { useDocument } from "@/lib/documents/use-document";
import { NeuroToolFrame } from "../tool-frame";
import {
  deleteEvent,
  type EventDraft,
  eventsOn,
  isoDate,
  monthGrid,
  monthOf,
  monthOfDate,
  monthTitle,
  readEvents,
  saveDraft,
  shiftMonth,
  toggleCompleted,
} from "./calendar-model";
import { CategoryLegend } from "./category-legend";
import { DayPanel } from "./day-panel";
import { EventForm } from "./event-form";
import { MonthGrid } from "./month-grid";
import { ReminderNotice } from "./reminder-notice";
import { useReminders } from "./reminders";

/** One calendar per account, kept by the documents store (and on the device while offline). */
const calendarDocument = {
  kind: "neuro-calendar",
  defaultTitle: "Visual Calendar",
  emptyContent: [] as CalendarEvent[],
  localKeys: { title: "neuro-calendar-title", content: "neuro-calendar-events" },
  codec: "json",
} as const;

type Editing = { id: string; heading: string; draft: EventDraft } | null;

/** Visual Calendar: a month grid, events coloured by category, a day's full list, reminders. */
export function CalendarPage() {
  const doc = useDocument<CalendarEvent[]>(calendarDocument);
  const events = useMemo(() => readEvents(doc.content), [doc.content]);
  const reminders = useReminders(events);
  const today = isoDate(new Date());
  const [month, setMonth] = useState(() => monthOf(new Date()));
  const [selected, setSelected] = useState(today);
  const [editing, setEditing] = useState<Editing>(null);
  const dayHeading = useRef<HTMLHeadingElement>(null);
  const title = monthTitle(month);

  const openDay = (date: string) => {
    setSelected(date);
    requestAnimationFrame(() => dayHeading.current?.focus());
  };
  const goToday = () => {
    setMonth(monthOf(new Date()));
    setSelected(isoDate(new Date()));
  };
  const addOn = (date: string) =>
    setEditing({
      id: crypto.randomUUID(),
      heading: "Add event",
      draft: { title: "", date, time: "", category: DEFAULT_CATEGORY },
    });
  const edit = (event: CalendarEvent) => {
    setSelected(event.date);
    setEditing({
      id: event.id,
      heading: "Edit event",
      draft: { title: event.title, date: event.date, time: event.time, category: event.category },
    });
  };
  const save = (draft: EventDraft) => {
    if (!editing) return;
    doc.setContent(saveDraft(events, editing.id, draft));
    setEditing(null);
    setSelected(draft.date);
    setMonth(monthOfDate(draft.date));
  };

  return (
    <NeuroToolFrame
      title="Visual Calendar"
      description="See your month at a glance. Each kind of event has its own colour and symbol."
    >
      <SyncLine
        status={doc.status}
        title="Calendar"
        message={doc.message}
        onKeepMine={doc.keepMine}
        onTakeTheirs={doc.takeTheirs}
      />
      <ReminderNotice permission={reminders.permission} onAsk={() => void reminders.ask()} />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="icon"
          variant="outline"
          aria-label="Previous month"
          onClick={() => setMonth(shiftMonth(month, -1))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <h2 aria-live="polite" className="min-w-36 text-center text-lg font-semibold">
          {title}
        </h2>
        <Button
          size="icon"
          variant="outline"
          aria-label="Next month"
          onClick={() => setMonth(shiftMonth(month, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
        <Button variant="outline" onClick={goToday}>
          Today
        </Button>
        <Button className="ml-auto" onClick={() => addOn(selected)}>
          <Plus aria-hidden="true" /> Add event
        </Button>
      </div>
      <CategoryLegend />
      <MonthGrid
        caption={title}
        weeks={monthGrid(month)}
        events={events}
        today={today}
        selected={selected}
        onOpenDay={openDay}
        onOpenEvent={edit}
      />
      <DayPanel
        date={selected}
        events={eventsOn(events, selected)}
        headingRef={dayHeading}
        onAdd={() => addOn(selected)}
        onEdit={edit}
        onDelete={(event) => doc.setContent(deleteEvent(events, event.id))}
        onToggle={(event) => doc.setContent(toggleCompleted(events, event.id))}
      />
      {editing ? (
        <EventForm
          key={editing.id}
          heading={editing.heading}
          initial={editing.draft}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </NeuroToolFrame>
  );
}
