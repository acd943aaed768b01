/**
 * Calls `update` whenever the page becomes visible again (a background tab's timers are slowed,
 * so a screen timed by the clock recomputes at once). Returns what stops it.
 */
export function onVisibleAgain(update: () => void): () => void {
  const onVisibility = () => {
    if (document.visibilityState === "visible") update();
  };
  document.addEventListener("visibilitychange", onVisibility);
  return () => document.removeEventListener("visibilitychange", onVisibility);
}
