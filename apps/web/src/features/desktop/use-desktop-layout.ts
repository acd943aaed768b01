import { useEffect, useRef } from "react";
import { errorMessage } from "@/lib/api";
import { usePreference } from "@/lib/resources/preferences";
import { type DesktopState, validDesktop } from "./window-state";

/** Where the layout is kept: the person's preference of this name on the server (any device). */
export const DESKTOP_LAYOUT = "desktop-layout";

const readLayout = (stored: unknown): DesktopState | null => (validDesktop(stored) ? stored : null);

/**
 * Restores the person's desktop layout from the server once, then saves every change (a pause
 * after the last one). Until the stored layout is read nothing is saved over it.
 */
export function useDesktopLayout(state: DesktopState, restore: (stored: DesktopState) => void) {
  const layout = usePreference(DESKTOP_LAYOUT, readLayout);
  // Read, or found unreadable: from then on the layout on screen is the one to keep.
  const loaded = layout.loaded || layout.readError !== null;
  const restored = useRef(false);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;
  // Read when the layout is first loaded; not a dependency: each save sets it to `state` again.
  const stored = useRef(layout.value);
  stored.current = layout.value;
  const { save } = layout;

  useEffect(() => {
    if (!restored.current) {
      if (!loaded) return;
      restored.current = true;
      // The stored layout is saved back once it shows, not the empty one before it.
      if (stored.current) return restoreRef.current(stored.current);
    }
    save(state);
  }, [state, loaded, save]);

  const error = layout.saveError
    ? errorMessage(layout.saveError, "The layout could not be saved.")
    : layout.readError
      ? errorMessage(layout.readError, "Your saved layout could not be read.")
      : null;
  return { loaded, error };
}
