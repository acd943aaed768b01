import { useCallback, useEffect, useRef } from "react";
import { apiRequest } from "../../../lib/api";
import { storedMinutes } from "./focus-timer";

/** Where the chosen duration is kept: the person's preferences on the server (any device). */
export const FOCUS_TIMER_PREFERENCE = "/api/preferences/focus-timer";
const SAVE_AFTER_MS = 400;

/**
 * Remembers the person's chosen duration: `restore` gets the stored one once it is read (unless
 * they chose another first); `remember` saves a choice after a short pause. A failed read or save
 * leaves the timer as it is (the duration is a convenience, the timer works without it).
 */
export function useSavedMinutes(restore: (minutes: number) => void) {
  const chosen = useRef(false);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    let live = true;
    apiRequest("GET", FOCUS_TIMER_PREFERENCE)
      .then((answer) => {
        const minutes = storedMinutes((answer as { value?: unknown }).value);
        if (live && !chosen.current && minutes !== null) restoreRef.current(minutes);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (saveTimer.current) clearTimeout(saveTimer.current);
    };
  }, []);

  return useCallback((minutes: number) => {
    chosen.current = true;
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => {
      apiRequest("PUT", FOCUS_TIMER_PREFERENCE, { value: { minutes } }).catch(() => undefined);
    }, SAVE_AFTER_MS);
  }, []);
}
