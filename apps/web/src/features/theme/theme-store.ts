import { setAccessibility, useAccessibility } from "@/lib/accessibility/settings";

export type Theme = "dark" | "light";

/** The theme is the accessibility settings' `darkMode` (one setting, kept with the others). */
export function setTheme(theme: Theme): void {
  setAccessibility({ darkMode: theme === "dark" });
}

export function useTheme(): Theme {
  return useAccessibility().darkMode ? "dark" : "light";
}
