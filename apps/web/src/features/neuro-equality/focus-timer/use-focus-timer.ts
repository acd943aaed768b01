import { useCallback, useEffect, useRef, useState } from "react";
import { playChime } from "@/lib/accessibility/sound";
import { toast } from "@/lib/toast";
import { onVisibleAgain } from "../clock";
import {
  createTimer,
  pause,
  reset,
  secondsShown,
  setDuration,
  spokenTime,
  start,
  type TimerState,
  tick,
} from "./focus-timer";

const LAST_MINUTE_S = 60;

/**
 * The focus timer on screen: its state, the clock that drives it, and what it says. The time left
 * is read from the clock (the stored end time) on every tick and whenever the tab is shown again,
 * so it is right after the tab was in the background. `announcement` is for a polite live region:
 * it changes only at meaningful moments (start, pause, reset, the last minute), not every second.
 */
export function useFocusTimer(initialMinutes?: number) {
  const [timer, setTimer] = useState<TimerState>(() => createTimer(initialMinutes));
  const [announcement, setAnnouncement] = useState("");

  const { status, endsAt } = timer;
  useEffect(() => {
    if (status !== "running" || endsAt === null) return;
    const update = () => setTimer((current) => tick(current, Date.now()));
    let timeout: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const left = endsAt - Date.now();
      timeout = setTimeout(
        () => {
          update();
          if (endsAt - Date.now() > 0) schedule();
        },
        left <= 0 ? 0 : left % 1000 || 1000,
      );
    };
    schedule();
    const stopWatching = onVisibleAgain(update);
    return () => {
      clearTimeout(timeout);
      stopWatching();
    };
  }, [status, endsAt]);

  const previous = useRef(timer);
  useEffect(() => {
    const before = previous.current;
    previous.current = timer;
    if (before.status === "running" && timer.status === "complete") {
      setAnnouncement("");
      toast({ title: "Timer Complete!", description: "Great job! Time for a break." });
      playChime();
    } else if (
      timer.status === "running" &&
      secondsShown(before.remainingMs) > LAST_MINUTE_S &&
      secondsShown(timer.remainingMs) <= LAST_MINUTE_S
    ) {
      setAnnouncement("1 minute left.");
    }
  }, [timer]);

  // The handlers read the timer as shown (they run on a person's action, between renders).
  const shown = useRef(timer);
  shown.current = timer;

  const toggle = useCallback(() => {
    const current = shown.current;
    const next = current.status === "running" ? pause(current, Date.now()) : start(current, Date.now());
    setTimer(next);
    if (next.status === "running") setAnnouncement(`Started. ${spokenTime(next.remainingMs)} left.`);
    else if (next.status === "paused") setAnnouncement(`Paused with ${spokenTime(next.remainingMs)} left.`);
  }, []);

  const restart = useCallback(() => {
    const next = reset(shown.current);
    setTimer(next);
    setAnnouncement(`Reset to ${spokenTime(next.remainingMs)}.`);
  }, []);

  const chooseMinutes = useCallback((minutes: number) => {
    setTimer(setDuration(shown.current, minutes));
  }, []);

  /** A remembered duration, applied only while the timer has not been started. */
  const restoreMinutes = useCallback((minutes: number) => {
    if (shown.current.status === "ready") setTimer(setDuration(shown.current, minutes));
  }, []);

  return { timer, announcement, toggle, restart, chooseMinutes, restoreMinutes };
}
