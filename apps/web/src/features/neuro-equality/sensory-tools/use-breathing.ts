import { useCallback, useEffect, useState } from "react";
import { onVisibleAgain } from "../clock";
import { type PhaseMoment, phaseAt } from "./breathing";

/**
 * The breathing guide while it runs: where it is in the cycle, read from the clock (the time it
 * started) at each change of the count and whenever the tab is shown again.
 */
export function useBreathing() {
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [moment, setMoment] = useState<PhaseMoment | null>(null);

  useEffect(() => {
    if (startedAt === null) return;
    let timeout: ReturnType<typeof setTimeout>;
    const update = () => {
      clearTimeout(timeout);
      const now = phaseAt(Date.now() - startedAt);
      setMoment(now);
      timeout = setTimeout(update, now.msToNextChange);
    };
    update();
    const stopWatching = onVisibleAgain(update);
    return () => {
      clearTimeout(timeout);
      stopWatching();
    };
  }, [startedAt]);

  const toggle = useCallback(() => {
    setStartedAt(startedAt === null ? Date.now() : null);
    setMoment(null);
  }, [startedAt]);

  return { running: startedAt !== null, moment, toggle };
}
