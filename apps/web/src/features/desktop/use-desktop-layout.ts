import { useEffect, useRef, useState } from "react";
import { errorMessage } from "../../lib/api";
import { type LaterSaves, laterSaves, readPreference } from "../../lib/resources/preferences";
import { type DesktopState, validDesktop } from "./window-state";

/** Where the layout is kept: the person's preference of this name on the server (any device). */
export const DESKTOP_LAYOUT = "desktop-layout";

/**
 * Restores the person's desktop layout from the server once, then saves every change (a pause
 * after the last one). Until the stored layout is read nothing is saved over it.
 */
export function useDesktopLayout(state: DesktopState, restore: (stored: DesktopState) => void) {
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;
  const saves = useRef<LaterSaves<DesktopState> | null>(null);

  useEffect(() => {
    let live = true;
    saves.current = laterSaves<DesktopState>(DESKTOP_LAYOUT, {
      saved: () => live && setError(null),
      failed: (err) => live && setError(errorMessage(err, "The layout could not be saved.")),
    });
    readPreference(DESKTOP_LAYOUT, (value) => (validDesktop(value) ? value : null))
      .then((stored) => live && stored && restoreRef.current(stored))
      .catch((err) => live && setError(errorMessage(err, "Your saved layout could not be read.")))
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
      saves.current?.dispose();
    };
  }, []);

  useEffect(() => {
    if (loaded) saves.current?.save(state);
  }, [state, loaded]);

  return { loaded, error };
}
