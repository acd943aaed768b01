/** Product spec: the left panel is 256 px wide by default, 200-400 px when resized. */
export const PANEL_MIN = 200;
export const PANEL_MAX = 400;
export const PANEL_DEFAULT = 256;
/** One arrow key press; with Shift, a larger step. */
export const PANEL_STEP = 10;
export const PANEL_BIG_STEP = 50;
export const PANEL_WIDTH_KEY = "neuroos-console-panel-width";

export function clampWidth(width: number): number {
  if (!Number.isFinite(width)) return PANEL_DEFAULT;
  return Math.round(Math.min(PANEL_MAX, Math.max(PANEL_MIN, width)));
}

/** The stored width, or the default when none (or garbage) is stored. */
export function parseStoredWidth(value: string | null): number {
  if (value === null || value.trim() === "") return PANEL_DEFAULT;
  const width = Number(value);
  return Number.isFinite(width) ? clampWidth(width) : PANEL_DEFAULT;
}
