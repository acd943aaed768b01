import { useCallback, useEffect, useRef } from "react";
import { type LaterSaves, laterSaves, readPreference } from "../../../lib/resources/preferences";
import { storedMinutes } from "./focus-timer";

/** Where the chosen duration is kept: the person's preference of this name (any device). */
export const FOCUS_TIMER_PREFERENCE = "focus-timer";

/**
 * Remembers the person's chosen duration: `restore` gets the stored one once it is read (unless
 * they chose another first); `remember` saves a choice after a short pause. A failed read or save
 * leaves the timer as it is (the duration is a convenience, the timer works without it).
 */
export function useSavedMinutes(restore: (minutes: number) => void) {
  const chosen = useRef(false);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;
  const saves = useRef<LaterSaves<{ minutes: number }> | null>(null);

  useEffect(() => {
    let live = true;
    saves.current = laterSaves(FOCUS_TIMER_PREFERENCE);
    readPreference(FOCUS_TIMER_PREFERENCE, storedMinutes)
      .then((minutes) => {
        if (live && !chosen.current && minutes !== null) restoreRef.current(minutes);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      saves.current?.dispose();
    };
  }, []);

  return useCallback((minutes: number) => {
    chosen.current = true;
    saves.current?.save({ minutes });
  }, []);
}
