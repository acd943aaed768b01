import { useCallback, useState } from "react";
import { clampWidth, PANEL_WIDTH_KEY, parseStoredWidth } from "./panel-width";

function readStored(): number {
  try {
    return parseStoredWidth(window.localStorage.getItem(PANEL_WIDTH_KEY));
  } catch {
    return parseStoredWidth(null);
  }
}

/** The left panel's width, remembered in local storage. */
export function usePanelWidth() {
  const [width, setWidthState] = useState(readStored);
  const setWidth = useCallback((next: number) => {
    const clamped = clampWidth(next);
    setWidthState(clamped);
    try {
      window.localStorage.setItem(PANEL_WIDTH_KEY, String(clamped));
    } catch {
      // Storage unavailable: the width lasts for this page only.
    }
  }, []);
  return [width, setWidth] as const;
}
