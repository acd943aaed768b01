import { describe, expect, it } from "vitest";
import { accessibilitySettingsSchema } from "./accessibility";
import { defaultAccessibilitySettings, readAccessibilitySettings } from "./accessibility-settings";

describe("accessibility settings", () => {
  it("defaults: dark, sound effects on, 16 px, the system's contrast and motion", () => {
    expect(defaultAccessibilitySettings).toEqual({
      highContrast: null,
      largeText: false,
      reducedMotion: null,
      darkMode: true,
      soundEffects: true,
      fontSize: 16,
    });
    expect(accessibilitySettingsSchema.parse(defaultAccessibilitySettings)).toEqual(
      defaultAccessibilitySettings,
    );
  });

  it("a stored copy keeps each valid field and falls back to the default for the others", () => {
    expect(readAccessibilitySettings({ highContrast: true, fontSize: 20, soundEffects: false })).toEqual({
      ...defaultAccessibilitySettings,
      highContrast: true,
      fontSize: 20,
      soundEffects: false,
    });
    const broken = { darkMode: "no", fontSize: 30, largeText: 1, reducedMotion: false, extra: true };
    expect(readAccessibilitySettings(broken)).toEqual({
      ...defaultAccessibilitySettings,
      reducedMotion: false,
    });
    for (const junk of [null, undefined, 7, "x", [true]])
      expect(readAccessibilitySettings(junk)).toEqual(defaultAccessibilitySettings);
  });

  it("the server's schema takes font sizes 12-24 in whole pixels and nothing else", () => {
    const with_ = (fontSize: number) =>
      accessibilitySettingsSchema.safeParse({ ...defaultAccessibilitySettings, fontSize }).success;
    expect([12, 16, 24].map(with_)).toEqual([true, true, true]);
    expect([11, 25, 16.5].map(with_)).toEqual([false, false, false]);
    expect(accessibilitySettingsSchema.safeParse({ ...defaultAccessibilitySettings, x: 1 }).success).toBe(
      false,
    );
  });
});
