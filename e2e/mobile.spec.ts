import { expect, test } from "@playwright/test";
import { signedInAccount } from "./support/accounts";
import { PUBLIC_PAGES, scrollsSideways } from "./support/ui";

test.use({ viewport: { width: 360, height: 740 } });

test("no page scrolls sideways at 360 px", async ({ page }) => {
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect.poll(() => scrollsSideways(page), path).toBe(false);
  }
});

test("the dashboard fits 360 px and its menu opens with both groups", async ({ page }) => {
  const account = await signedInAccount(page);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "System Console" })).toBeVisible();
  await expect.poll(() => scrollsSideways(page)).toBe(false);
  await expect(page.getByRole("complementary", { name: "Sidebar" })).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "System Status: Active" })).toBeVisible();

  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Navigation" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("heading", { name: "System" })).toBeVisible();
  await expect(menu.getByRole("heading", { name: "Desktop Apps" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "System Console" })).toBeVisible();
  await expect(menu.getByText(account.username)).toBeVisible();
  await expect(menu.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect.poll(() => scrollsSideways(page)).toBe(false);

  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
});
