import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { nextScanIndex } from "./board";

/** Auto-scan's pace: the highlight moves on every 2 s. */
export const AUTO_SCAN_MS = 2000;
const ACTIVE = "data-scan-active";

const nameOf = (element: HTMLElement) =>
  element.getAttribute("aria-label") ?? element.textContent?.trim() ?? "";

/** Keys meant for a text field or a dialog stay theirs. */
const typingOrDialog = (target: EventTarget | null) =>
  target instanceof Element && target.closest("input, textarea, select, [role='dialog']") !== null;

/**
 * Switch access: while on, Space moves the highlight to the next `[data-scan]` control inside
 * `root` (back to the first after the last) and Enter chooses it; with auto-scan the highlight
 * also moves by itself. The highlighted control gets focus and `data-scan-active`, and its name
 * is given back for a live region to announce.
 */
export function useScanning(root: RefObject<HTMLElement | null>, enabled: boolean, autoScan: boolean) {
  const highlighted = useRef<HTMLElement | null>(null);
  const [announcement, setAnnouncement] = useState("");

  const mark = useCallback((element: HTMLElement | null) => {
    highlighted.current?.removeAttribute(ACTIVE);
    highlighted.current = element;
    if (!element) return;
    element.setAttribute(ACTIVE, "true");
    element.focus();
    setAnnouncement(nameOf(element));
  }, []);

  const step = useCallback(() => {
    const targets = Array.from(
      root.current?.querySelectorAll<HTMLElement>("[data-scan]:not(:disabled)") ?? [],
    );
    const at = highlighted.current ? targets.indexOf(highlighted.current) : -1;
    const next = nextScanIndex(at === -1 ? null : at, targets.length);
    mark(next === null ? null : (targets[next] ?? null));
  }, [root, mark]);

  useEffect(() => {
    if (!enabled) {
      mark(null);
      setAnnouncement("");
      return;
    }
    setAnnouncement("Scanning on: Space moves the highlight, Enter chooses");
    const onKeyDown = (event: KeyboardEvent) => {
      if (typingOrDialog(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === " ") {
        event.preventDefault();
        if (!event.repeat) step();
      } else if (event.key === "Enter") {
        event.preventDefault();
        const chosen = highlighted.current;
        if (!event.repeat && chosen?.isConnected) chosen.click();
      }
    };
    // A button would also click itself when Space comes back up: that is not the switch's meaning.
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === " " && !typingOrDialog(event.target)) event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown, true);
    document.addEventListener("keyup", onKeyUp, true);
    const timer = autoScan ? setInterval(step, AUTO_SCAN_MS) : null;
    return () => {
      document.removeEventListener("keydown", onKeyDown, true);
      document.removeEventListener("keyup", onKeyUp, true);
      if (timer) clearInterval(timer);
    };
  }, [enabled, autoScan, step, mark]);

  return { announcement };
}
