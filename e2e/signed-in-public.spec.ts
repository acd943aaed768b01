import { expect, test } from "./support/signed-in";
import { chooseTheme, scrollsSideways, seriousViolations } from "./support/ui";

test("a signed-in person sees their account menu on public pages, not 'Sign in'", async ({
  page,
  account,
}) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("button", { name: `Account: ${account.username}` })).toBeVisible();
  await expect(header.getByRole("link", { name: "Sign in" })).toHaveCount(0);

  // By keyboard: open, read, close with Escape; then go to the dashboard from it.
  const menuButton = header.getByRole("button", { name: `Account: ${account.username}` });
  await menuButton.focus();
  await page.keyboard.press("Enter");
  await expect(menuButton).toHaveAttribute("aria-expanded", "true");
  await expect(header.getByText(account.email)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");
  await menuButton.click();
  await header.getByRole("link", { name: "Open dashboard" }).click();
  await expect(page).toHaveURL("/dashboard");
});

for (const theme of ["dark", "light"] as const) {
  test(`the open account menu has no serious axe violations (${theme})`, async ({ page, account }) => {
    await chooseTheme(page, theme);
    await page.goto("/");
    await page.getByRole("button", { name: `Account: ${account.username}` }).click();
    await expect(page.getByRole("link", { name: "Open dashboard" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("the sign-in and sign-up forms send a signed-in person on to the dashboard", async ({ page }) => {
  await page.goto("/auth/login");
  await expect(page).toHaveURL("/dashboard");
  await page.goto("/auth/signup");
  await expect(page).toHaveURL("/dashboard");
  await page.goto("/auth/login?next=%2Fdashboard%2Ffiles");
  await expect(page).toHaveURL("/dashboard/files");
});

test("the account menu fits a 360 px screen", async ({ page, account }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/about");
  await page.getByRole("button", { name: `Account: ${account.username}` }).click();
  await expect(page.getByRole("link", { name: "Open dashboard" })).toBeInViewport();
  await expect.poll(() => scrollsSideways(page)).toBe(false);
});
