import { describe, expect, it } from "vitest";
import { dailyTips, tipOfTheDay } from "./daily-tip";

describe("the Daily Tip", () => {
  it("advises regular breaks among its tips", () => {
    expect(dailyTips.some((tip) => /regular breaks/i.test(tip))).toBe(true);
  });

  it("is the same all day and changes from one day to the next, through every tip in a week", () => {
    const morning = new Date(2026, 10, 26, 7, 0);
    const evening = new Date(2026, 10, 26, 23, 59);
    expect(tipOfTheDay(morning)).toBe(tipOfTheDay(evening));
    const week = Array.from({ length: dailyTips.length }, (_, i) =>
      tipOfTheDay(new Date(2026, 10, 26 + i, 12)),
    );
    expect(new Set(week).size).toBe(dailyTips.length);
  });
});
