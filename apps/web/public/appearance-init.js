// Runs before the first paint: applies the saved accessibility settings ("neuroos-accessibility",
// the device's copy of the account's) to <html> — theme (dark by default), high contrast, large
// text, reduced motion (the system's choice until the person makes one) and the root font size.
// lib/accessibility/settings.ts does the same once the app runs; keep the two alike.
(() => {
  let settings = {};
  try {
    const stored = window.localStorage.getItem("neuroos-accessibility");
    if (stored) settings = JSON.parse(stored) || {};
    else if (window.localStorage.getItem("neuroos-theme") === "light") settings = { darkMode: false };
  } catch {
    // Storage unavailable or unreadable: the defaults apply.
  }
  const system = (query) => Boolean(window.matchMedia?.(query).matches);
  const flag = (value, fallback) => (typeof value === "boolean" ? value : fallback);
  const theme = settings.darkMode === false ? "light" : "dark";
  const size = Number.isInteger(settings.fontSize) && settings.fontSize >= 12 && settings.fontSize <= 24;
  const root = document.documentElement;
  root.classList.remove("dark", "light");
  root.classList.add(theme);
  root.style.colorScheme = theme;
  root.classList.toggle("high-contrast", flag(settings.highContrast, system("(prefers-contrast: more)")));
  root.classList.toggle("large-text", settings.largeText === true);
  root.classList.toggle(
    "reduce-motion",
    flag(settings.reducedMotion, system("(prefers-reduced-motion: reduce)")),
  );
  root.style.setProperty("--a11y-font-size", `${size ? settings.fontSize : 16}px`);
})();
