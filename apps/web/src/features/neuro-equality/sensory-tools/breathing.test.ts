import { describe, expect, it } from "vitest";
import { BREATHING_PHASES, CYCLE_MS, phaseAt } from "./breathing";

const at = (ms: number) => {
  const moment = phaseAt(ms);
  return [moment.phase.label, moment.secondsLeft];
};

describe("breathing guide", () => {
  it("is inhale 4 s, hold 4 s, exhale 6 s: a 14 s cycle", () => {
    expect(BREATHING_PHASES.map((p) => [p.label, p.seconds])).toEqual([
      ["Breathe in", 4],
      ["Hold", 4],
      ["Breathe out", 6],
    ]);
    expect(CYCLE_MS).toBe(14_000);
  });

  it("names the phase and the whole seconds left in it", () => {
    expect(at(0)).toEqual(["Breathe in", 4]);
    expect(at(999)).toEqual(["Breathe in", 4]);
    expect(at(1_000)).toEqual(["Breathe in", 3]);
    expect(at(3_999)).toEqual(["Breathe in", 1]);
    expect(at(4_000)).toEqual(["Hold", 4]);
    expect(at(7_500)).toEqual(["Hold", 1]);
    expect(at(8_000)).toEqual(["Breathe out", 6]);
    expect(at(13_999)).toEqual(["Breathe out", 1]);
  });

  it("cycles again and again", () => {
    expect(at(14_000)).toEqual(["Breathe in", 4]);
    expect(at(14_000 * 10 + 9_000)).toEqual(["Breathe out", 5]);
  });

  it("says when the count next changes", () => {
    expect(phaseAt(0).msToNextChange).toBe(1_000);
    expect(phaseAt(4_250).msToNextChange).toBe(750);
    expect(phaseAt(13_999).msToNextChange).toBe(1);
  });

  it("treats a time before the start, or no time, as the start", () => {
    expect(at(-5_000)).toEqual(["Breathe in", 4]);
    expect(at(Number.NaN)).toEqual(["Breathe in", 4]);
  });
});
