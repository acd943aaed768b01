import { describe, expect, it } from "vitest";
import {
  createTimer,
  DEFAULT_MINUTES,
  formatClock,
  msToNextSecond,
  pause,
  reset,
  setDuration,
  spokenTime,
  start,
  storedMinutes,
  tick,
} from "./focus-timer";

const T0 = 1_700_000_000_000;

describe("focus timer", () => {
  it("starts at the default 25 minutes, ready", () => {
    const timer = createTimer();
    expect(timer).toEqual({
      minutes: DEFAULT_MINUTES,
      status: "ready",
      remainingMs: 25 * 60_000,
      endsAt: null,
    });
    expect(formatClock(timer.remainingMs)).toBe("25:00");
  });

  it("falls back to the default for a duration outside 1–60 whole minutes", () => {
    for (const bad of [0, 61, 2.5, Number.NaN, -1]) expect(createTimer(bad).minutes).toBe(25);
    expect(createTimer(1).minutes).toBe(1);
    expect(createTimer(60).minutes).toBe(60);
  });

  it("counts down from the clock: the time left is the end time minus now", () => {
    let timer = start(createTimer(2), T0);
    expect(timer.endsAt).toBe(T0 + 120_000);
    timer = tick(timer, T0 + 1_000);
    expect(formatClock(timer.remainingMs)).toBe("01:59");
    timer = tick(timer, T0 + 1_500);
    expect(formatClock(timer.remainingMs)).toBe("01:59");
    expect(msToNextSecond(timer)).toBe(500);
    timer = tick(timer, T0 + 61_000);
    expect(formatClock(timer.remainingMs)).toBe("00:59");
  });

  it("is right after a long gap without ticks (a tab in the background)", () => {
    const timer = tick(start(createTimer(25), T0), T0 + 10 * 60_000 + 3_000);
    expect(formatClock(timer.remainingMs)).toBe("14:57");
    expect(timer.status).toBe("running");
  });

  it("stops at 00:00 as complete, even when the clock went past the end", () => {
    const timer = tick(start(createTimer(1), T0), T0 + 5 * 60_000);
    expect(timer).toMatchObject({ status: "complete", remainingMs: 0, endsAt: null });
    expect(formatClock(timer.remainingMs)).toBe("00:00");
    expect(tick(timer, T0 + 6 * 60_000)).toBe(timer);
  });

  it("pause holds the time left; start resumes from it", () => {
    let timer = pause(start(createTimer(5), T0), T0 + 30_000);
    expect(timer).toMatchObject({ status: "paused", remainingMs: 270_000, endsAt: null });
    expect(tick(timer, T0 + 999_999)).toBe(timer);
    timer = start(timer, T0 + 100_000);
    expect(timer.endsAt).toBe(T0 + 370_000);
    expect(formatClock(tick(timer, T0 + 110_000).remainingMs)).toBe("04:20");
  });

  it("start while running changes nothing; a complete timer starts a new full session", () => {
    const running = start(createTimer(3), T0);
    expect(start(running, T0 + 5_000)).toBe(running);
    const done = tick(running, T0 + 180_000);
    expect(start(done, T0 + 200_000)).toMatchObject({ status: "running", endsAt: T0 + 380_000 });
  });

  it("reset restores the chosen duration, stopped", () => {
    const timer = reset(pause(start(createTimer(10), T0), T0 + 42_000));
    expect(timer).toEqual(createTimer(10));
  });

  it("a new duration while paused or stopped resets the display; while running it is refused", () => {
    const paused = pause(start(createTimer(10), T0), T0 + 42_000);
    expect(setDuration(paused, 15)).toEqual(createTimer(15));
    expect(setDuration(createTimer(), 1)).toEqual(createTimer(1));
    const running = start(createTimer(10), T0);
    expect(setDuration(running, 15)).toBe(running);
  });

  it("refuses a duration outside 1–60 whole minutes, changing nothing", () => {
    const timer = createTimer(10);
    for (const bad of [0, 61, 7.5, Number.NaN]) expect(setDuration(timer, bad)).toBe(timer);
  });

  it("formats mm:ss and says the time in words", () => {
    expect(formatClock(60 * 60_000)).toBe("60:00");
    expect(formatClock(247_000)).toBe("04:07");
    expect(formatClock(1)).toBe("00:01");
    expect(spokenTime(25 * 60_000)).toBe("25 minutes");
    expect(spokenTime(61_000)).toBe("1 minute 1 second");
    expect(spokenTime(0)).toBe("0 seconds");
  });

  it("reads a remembered duration only when it is 1–60 whole minutes", () => {
    expect(storedMinutes({ minutes: 40 })).toBe(40);
    for (const bad of [
      null,
      40,
      "40",
      {},
      { minutes: "40" },
      { minutes: 0 },
      { minutes: 61 },
      { minutes: 2.5 },
    ])
      expect(storedMinutes(bad)).toBeNull();
  });
});
