// Runs before the first paint: applies the saved theme ("neuroos-theme") to <html>; dark by default.
(() => {
  let theme = "dark";
  try {
    if (window.localStorage.getItem("neuroos-theme") === "light") theme = "light";
  } catch {
    // Storage can be unavailable (privacy modes); the default theme applies.
  }
  const root = document.documentElement;
  root.classList.remove("dark", "light");
  root.classList.add(theme);
  root.style.colorScheme = theme;
})();
