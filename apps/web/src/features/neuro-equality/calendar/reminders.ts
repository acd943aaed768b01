import type { CalendarEvent } from "@neuroos/contracts";
import { useEffect, useState } from "react";
import { dueReminders, longDate, nextReminders } from "./calendar-model";
import { categoryLook } from "./category-look";

export type ReminderPermission = "unsupported" | "default" | "granted" | "denied";
/** Timers are re-armed at least this often, so a long wait or a sleeping tab cannot drift far. */
const LONGEST_WAIT_MS = 60 * 60 * 1000;

const currentPermission = (): ReminderPermission =>
  typeof window === "undefined" || !("Notification" in window) ? "unsupported" : Notification.permission;

/**
 * Reminders as browser notifications: asked for only when the person presses the button; once allowed,
 * a notification at each event's time while the page is open (completed tasks left out).
 */
export function useReminders(events: CalendarEvent[]) {
  const [permission, setPermission] = useState<ReminderPermission>(currentPermission);

  useEffect(() => {
    if (permission !== "granted") return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // From now on: an event added or edited to a time already past is not announced late.
    let since = Date.now();
    const schedule = () => {
      const now = Date.now();
      const next = nextReminders(events, now);
      if (next) timer = setTimeout(tick, Math.min(next.at - now, LONGEST_WAIT_MS));
    };
    const tick = () => {
      const now = Date.now();
      for (const event of dueReminders(events, since, now)) {
        try {
          new Notification(event.title, {
            body: `${categoryLook[event.category].name} at ${event.time}, ${longDate(event.date)}`,
            tag: `neuro-calendar-${event.id}-${event.date}-${event.time}`,
          });
        } catch {
          // Some browsers (Chrome on Android) show notifications only from a service worker: the calendar still shows the event.
        }
      }
      since = now;
      schedule();
    };
    schedule();
    return () => clearTimeout(timer);
  }, [events, permission]);

  const ask = async () => {
    if (permission === "unsupported") return;
    try {
      setPermission(await Notification.requestPermission());
    } catch {
      setPermission(currentPermission());
    }
  };
  return { permission, ask };
}
