import { useEffect, useSyncExternalStore } from "react";
import { useHostWindow } from "./host-window";

/** Edits a screen holds that are not saved yet, as the question before leaving names them. */
export interface UnsavedEdits {
  /** Whose changes ('Your changes to index.ts are'). */
  what: string;
  /** What leaving does to them. */
  consequence: string;
  /** The desktop window the screen is in (null: its own page). */
  windowId: string | null;
}

export const LOST_ON_LEAVING = "If you leave now, they are lost.";

const held = new Map<symbol, UnsavedEdits>();
const listeners = new Set<() => void>();
let snapshot: readonly UnsavedEdits[] = [];

function changed(): void {
  snapshot = [...held.values()];
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Declares, while `unsaved`, that this screen holds edits not saved yet: the app's one guard then
 * asks before leaving (a route change, a reload, closing the tab, closing the desktop window).
 * Any number of screens may declare at once (several windows on the desktop).
 */
export function useUnsavedChanges(unsaved: boolean, what: string, consequence = LOST_ON_LEAVING): void {
  const windowId = useHostWindow()?.id ?? null;
  useEffect(() => {
    if (!unsaved) return;
    const key = Symbol(what);
    held.set(key, { what, consequence, windowId });
    changed();
    return () => {
      held.delete(key);
      changed();
    };
  }, [unsaved, what, consequence, windowId]);
}

/** Every screen's unsaved edits now (re-renders as they change). */
export const useAllUnsaved = (): readonly UnsavedEdits[] => useSyncExternalStore(subscribe, () => snapshot);
