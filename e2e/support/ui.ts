import type { Page } from "@playwright/test";

/** The toast region (Radix Toast viewport, "Notifications (F8)"). */
export function toasts(page: Page) {
  return page.getByRole("region", { name: /Notifications/ });
}

/** Opens `path` with the theme already chosen, as a returning visitor would. */
export async function chooseTheme(page: Page, theme: "dark" | "light"): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem("neuroos-theme", value), theme);
}

/** True when the page is wider than the window (content would scroll sideways). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
