import { useCallback, useEffect, useRef } from "react";
import { usePreference } from "@/lib/resources/preferences";
import { storedMinutes } from "./focus-timer";

/** Where the chosen duration is kept: the person's preference of this name (any device). */
export const FOCUS_TIMER_PREFERENCE = "focus-timer";

const readChoice = (stored: unknown): { minutes: number } | null => {
  const minutes = storedMinutes(stored);
  return minutes === null ? null : { minutes };
};

/**
 * Remembers the person's chosen duration: `restore` gets the stored one once it is read (unless
 * they chose another first); `remember` saves a choice after a short pause. A failed read or save
 * leaves the timer as it is (the duration is a convenience, the timer works without it).
 */
export function useSavedMinutes(restore: (minutes: number) => void) {
  const { value, loaded, save } = usePreference(FOCUS_TIMER_PREFERENCE, readChoice);
  const chosen = useRef(false);
  const restored = useRef(false);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;

  useEffect(() => {
    if (!loaded || restored.current) return;
    restored.current = true;
    if (!chosen.current && value !== null) restoreRef.current(value.minutes);
  }, [loaded, value]);

  return useCallback(
    (minutes: number) => {
      chosen.current = true;
      save({ minutes });
    },
    [save],
  );
}
