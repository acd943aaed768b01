import { describe, expect, it } from "vitest";
import { clampWidth, PANEL_DEFAULT, PANEL_MAX, PANEL_MIN, parseStoredWidth } from "./panel-width";

describe("panel width", () => {
  it("stays within 200-400 px", () => {
    expect(clampWidth(100)).toBe(PANEL_MIN);
    expect(clampWidth(999)).toBe(PANEL_MAX);
    expect(clampWidth(300.4)).toBe(300);
    expect(clampWidth(Number.NaN)).toBe(PANEL_DEFAULT);
  });

  it("reads the remembered width, falling back to 256", () => {
    expect(parseStoredWidth(null)).toBe(256);
    expect(parseStoredWidth("")).toBe(256);
    expect(parseStoredWidth("abc")).toBe(256);
    expect(parseStoredWidth("320")).toBe(320);
    expect(parseStoredWidth("1000")).toBe(400);
  });
});
