import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signedInAccount } from "./support/accounts";
import { chooseTheme } from "./support/ui";

const publicPages = [
  "/",
  "/about",
  "/support",
  "/auth/login",
  "/auth/signup",
  "/auth/forgot-password",
  "/auth/reset-password?token=0123456789abcdef0123",
  "/this-page-does-not-exist",
];

/** Serious and critical WCAG 2 A/AA violations on the page as it is now. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ rule: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(" ")) }));
}

for (const theme of ["dark", "light"] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => chooseTheme(page, theme));

    for (const path of publicPages) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test("forms showing their errors have no serious or critical axe violations", async ({ page }) => {
      await page.goto("/auth/signup");
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page.getByText("Invalid email address")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("the dashboard has no serious or critical axe violations", async ({ page }) => {
      await signedInAccount(page);
      await page.goto("/dashboard");
      await expect(page.getByText("System Status: Active")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      expect(await seriousViolations(page), "/dashboard").toEqual([]);

      await page.setViewportSize({ width: 360, height: 740 });
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("dialog", { name: "Navigation" })).toBeVisible();
      expect(await seriousViolations(page), "/dashboard with the mobile menu open").toEqual([]);
    });
  });
}
