import { useEffect, useRef, useState } from "react";
import { apiRequest, errorMessage } from "../../lib/api";
import { type DesktopState, validDesktop } from "./window-state";

/** Where the layout is kept: the person's preferences on the server (any device). */
export const DESKTOP_LAYOUT = "/api/preferences/desktop-layout";
const SAVE_AFTER_MS = 400;

/**
 * Restores the person's desktop layout from the server once, then saves every change (a pause
 * after the last one). Until the stored layout is read nothing is saved over it.
 */
export function useDesktopLayout(state: DesktopState, restore: (stored: DesktopState) => void) {
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;

  useEffect(() => {
    let live = true;
    apiRequest("GET", DESKTOP_LAYOUT)
      .then((answer) => {
        const value = (answer as { value: unknown }).value;
        if (live && validDesktop(value)) restoreRef.current(value);
      })
      .catch((err) => live && setError(errorMessage(err, "Your saved layout could not be read.")))
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!loaded) return;
    const timer = setTimeout(() => {
      apiRequest("PUT", DESKTOP_LAYOUT, { value: state })
        .then(() => setError(null))
        .catch((err) => setError(errorMessage(err, "The layout could not be saved.")));
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state, loaded]);

  return { loaded, error };
}
