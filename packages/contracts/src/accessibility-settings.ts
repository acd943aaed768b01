/**
 * Spec: accessibility settings (highContrast, largeText, reducedMotion, darkMode, soundEffects,
 * fontSize), applied to the root of the whole product. `highContrast` and `reducedMotion` are
 * null until the person chooses: the system's `prefers-contrast` / `prefers-reduced-motion`
 * apply meanwhile. No zod here: the web app's shell reads these on every page.
 */
export interface AccessibilitySettings {
  highContrast: boolean | null;
  largeText: boolean;
  reducedMotion: boolean | null;
  darkMode: boolean;
  soundEffects: boolean;
  fontSize: number;
}

export const FONT_SIZE_MIN = 12;
export const FONT_SIZE_MAX = 24;
export const FONT_SIZE_DEFAULT = 16;

/** Dark by default (the product's theme), sound effects on, 16 px, the system's contrast and motion. */
export const defaultAccessibilitySettings: AccessibilitySettings = {
  highContrast: null,
  largeText: false,
  reducedMotion: null,
  darkMode: true,
  soundEffects: true,
  fontSize: FONT_SIZE_DEFAULT,
};

/** The preference namespace the settings are kept under on the server. */
export const ACCESSIBILITY_PREFERENCE = "accessibility";

const booleanOrNull = (v: unknown) => typeof v === "boolean" || v === null;
const validField: { [K in keyof AccessibilitySettings]: (v: unknown) => boolean } = {
  highContrast: booleanOrNull,
  largeText: (v) => typeof v === "boolean",
  reducedMotion: booleanOrNull,
  darkMode: (v) => typeof v === "boolean",
  soundEffects: (v) => typeof v === "boolean",
  fontSize: (v) => Number.isInteger(v) && (v as number) >= FONT_SIZE_MIN && (v as number) <= FONT_SIZE_MAX,
};

/** Settings read from anywhere (server, device): each valid field is kept, the others fall back to defaults. */
export function readAccessibilitySettings(value: unknown): AccessibilitySettings {
  const settings: Record<string, unknown> = { ...defaultAccessibilitySettings };
  if (!value || typeof value !== "object" || Array.isArray(value))
    return settings as unknown as AccessibilitySettings;
  for (const [key, valid] of Object.entries(validField)) {
    const field = (value as Record<string, unknown>)[key];
    if (valid(field)) settings[key] = field;
  }
  return settings as unknown as AccessibilitySettings;
}
