import { expect, test } from "@playwright/test";
import { LoginPage } from "./pages/auth-pages";
import { createAccount } from "./support/accounts";

test("signing in works with the keyboard alone, with visible focus", async ({ page }) => {
  const account = await createAccount(page.request);
  await page.goto("/auth/login?next=%2Fdashboard");
  const focusRing = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      return el ? getComputedStyle(el).outlineStyle : "none";
    });
  const login = new LoginPage(page);
  for (let i = 0; i < 8 && !(await login.email.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(login.email).toBeFocused();
  expect(await focusRing()).not.toBe("none");
  await page.keyboard.type(account.email);
  await page.keyboard.press("Tab");
  await expect(login.password).toBeFocused();
  await page.keyboard.type(account.password);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Show password" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(login.password).toHaveAttribute("type", "text");
  await page.keyboard.press("Tab");
  await expect(login.rememberMe).toBeFocused();
  expect(await focusRing()).not.toBe("none");
  await page.keyboard.press("Space");
  await expect(login.rememberMe).toBeChecked();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(login.submit).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/dashboard");
});
