/** Spec: the breathing guide cycles inhale 4 s, hold 4 s, exhale 6 s. */
export const BREATHING_PHASES = [
  { id: "inhale", label: "Breathe in", seconds: 4 },
  { id: "hold", label: "Hold", seconds: 4 },
  { id: "exhale", label: "Breathe out", seconds: 6 },
] as const;

export type BreathingPhase = (typeof BREATHING_PHASES)[number];

export const CYCLE_MS = BREATHING_PHASES.reduce((total, phase) => total + phase.seconds * 1000, 0);

export interface PhaseMoment {
  phase: BreathingPhase;
  /** Whole seconds left in the phase, counting down from its length to 1. */
  secondsLeft: number;
  /** Time until `secondsLeft` (or the phase) next changes. */
  msToNextChange: number;
}

/** Where the guide is `elapsedMs` after it started (read from the clock; before the start counts as 0). */
export function phaseAt(elapsedMs: number): PhaseMoment {
  const safe = Number.isFinite(elapsedMs) ? Math.max(0, elapsedMs) : 0;
  let inCycle = safe % CYCLE_MS;
  for (const phase of BREATHING_PHASES) {
    const length = phase.seconds * 1000;
    if (inCycle < length) {
      const left = length - inCycle;
      return { phase, secondsLeft: Math.ceil(left / 1000), msToNextChange: left % 1000 || 1000 };
    }
    inCycle -= length;
  }
  // Unreachable: inCycle < CYCLE_MS, the sum of the phases.
  return { phase: BREATHING_PHASES[0], secondsLeft: BREATHING_PHASES[0].seconds, msToNextChange: 1000 };
}
