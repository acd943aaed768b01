import { CALENDAR_TITLE_MAX, type CalendarCategory, calendarCategories } from "@neuroos/contracts";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { draftProblems, type EventDraft } from "./calendar-model";
import { categoryLook } from "./category-look";

const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** Add or edit an event. Save needs a title and a time: without them nothing is saved and the form says what is missing. */
export function EventForm({
  heading,
  initial,
  onSave,
  onClose,
}: {
  heading: string;
  initial: EventDraft;
  onSave: (draft: EventDraft) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<ReturnType<typeof draftProblems>>({});
  const change = (patch: Partial<EventDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = draftProblems(draft);
    setProblems(found);
    if (Object.keys(found).length === 0) onSave(draft);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={heading}>
      <form onSubmit={submit} noValidate className="grid gap-3 p-5">
        <Field label="Title" error={problems.title}>
          {(control) => (
            <Input
              {...control}
              value={draft.title}
              maxLength={CALENDAR_TITLE_MAX}
              autoComplete="off"
              onChange={(e) => change({ title: e.currentTarget.value })}
            />
          )}
        </Field>
        <Field label="Date" error={problems.date}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={draft.date}
              onChange={(e) => change({ date: e.currentTarget.value })}
            />
          )}
        </Field>
        <Field label="Time" error={problems.time}>
          {(control) => (
            <Input
              {...control}
              type="time"
              value={draft.time}
              onChange={(e) => change({ time: e.currentTarget.value })}
            />
          )}
        </Field>
        <Field label="Category">
          {(control) => (
            <select
              {...control}
              value={draft.category}
              className={selectClass}
              onChange={(e) => change({ category: e.currentTarget.value as CalendarCategory })}
            >
              {calendarCategories.map((category) => (
                <option key={category} value={category}>
                  {categoryLook[category].name} ({categoryLook[category].colorName})
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Save</Button>
        </div>
      </form>
    </Dialog>
  );
}
