import { describe, expect, it } from "vitest";
import { DEFAULT_VOLUME, gainFor, nextSound, SENSORY_SOUNDS, soundById, validVolume } from "./sensory-sounds";

describe("sensory sounds", () => {
  it("are rain 440 Hz, waves 220, wind 110, forest 330", () => {
    expect(SENSORY_SOUNDS.map((s) => [s.id, s.frequency])).toEqual([
      ["rain", 440],
      ["waves", 220],
      ["wind", 110],
      ["forest", 330],
    ]);
    expect(soundById("wind").frequency).toBe(110);
  });

  it("gain is volume/100 × 0.1", () => {
    expect(DEFAULT_VOLUME).toBe(50);
    expect(gainFor(50)).toBeCloseTo(0.05);
    expect(gainFor(0)).toBe(0);
    expect(gainFor(100)).toBeCloseTo(0.1);
    expect(gainFor(75)).toBeCloseTo(0.075);
  });

  it("volume is 0–100 in steps of 5", () => {
    for (const ok of [0, 5, 50, 100]) expect(validVolume(ok)).toBe(true);
    for (const bad of [-5, 3, 105, 52.5, Number.NaN]) expect(validVolume(bad)).toBe(false);
  });

  it("plays one at a time: another replaces the playing one, the playing one stops", () => {
    expect(nextSound(null, "rain")).toBe("rain");
    expect(nextSound("rain", "waves")).toBe("waves");
    expect(nextSound("waves", "waves")).toBeNull();
  });
});
