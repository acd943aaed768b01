import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import {
  type AccessibilitySettings,
  defaultAccessibilitySettings,
} from "../../packages/contracts/src/accessibility-settings";

/** The toast region (Radix Toast viewport, "Notifications (F8)"). */
export function toasts(page: Page) {
  return page.getByRole("region", { name: /Notifications/ });
}

/**
 * The page's next loads have the theme (and other accessibility settings) already chosen, as a
 * returning visitor's would: on the device, and on the account when signed in (its copy is applied
 * once the app has loaded; signed out, that request is refused and the device's copy counts).
 */
export async function chooseTheme(
  page: Page,
  theme: "dark" | "light",
  more: Partial<AccessibilitySettings> = {},
): Promise<void> {
  const value = { ...defaultAccessibilitySettings, darkMode: theme === "dark", ...more };
  await page.addInitScript(
    (stored) => window.localStorage.setItem("neuroos-accessibility", stored),
    JSON.stringify(value),
  );
  await page.request.put("/api/preferences/accessibility", { data: { value } });
}

/** True when the page is wider than the window (content would scroll sideways). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** Serious and critical WCAG 2 A/AA violations on the page as it is now (expect none). */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ rule: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(" ")) }));
}

/** Every page a visitor can open without an account. */
export const PUBLIC_PAGES = [
  "/",
  "/about",
  "/support",
  "/docs",
  "/marketplace",
  "/auth/login",
  "/auth/signup",
  "/auth/forgot-password",
  "/auth/reset-password?token=0123456789abcdef0123",
  "/this-page-does-not-exist",
];

/**
 * Holds the page's requests to `url` back until `release()`, so a pending state (a progress bar,
 * a disabled "Saving..." button) can be seen: a fixed delay can pass unseen on a busy machine.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
