import { expect, test } from "@playwright/test";
import { signedInAccount } from "./support/accounts";
import { chooseTheme, PUBLIC_PAGES, seriousViolations } from "./support/ui";

for (const theme of ["dark", "light"] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => chooseTheme(page, theme));

    for (const path of PUBLIC_PAGES) {
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
      // Two axe runs over the whole dashboard: more than 30 s on a busy 2-core machine.
      test.setTimeout(60_000);
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
