import { expect, test } from "@playwright/test";
import { LoginPage } from "./pages/auth-pages";
import { createAccount } from "./support/accounts";

test("Remember me gives the session cookie an expiry; without it the cookie ends with the browser", async ({
  browser,
  baseURL,
}) => {
  for (const rememberMe of [true, false]) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const account = await createAccount(page.request);
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(account, { rememberMe });
    await expect(page).toHaveURL("/dashboard");
    const session = (await context.cookies()).find(
      (cookie) => cookie.httpOnly && cookie.name.includes("session"),
    );
    expect(session, "an HttpOnly session cookie").toBeDefined();
    if (rememberMe) {
      const days = ((session?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29);
    } else {
      expect(session?.expires).toBe(-1);
    }
    await context.close();
  }
});

test("forgot password shows the confirmation", async ({ page }) => {
  const account = await createAccount(page.request);
  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL("/auth/forgot-password");
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").getByText("Check your email")).toBeVisible();
  await expect(
    page.getByText("If an account exists for that email, a reset link is on its way."),
  ).toBeVisible();
});

test("a reset link with a bad token says so", async ({ page }) => {
  await page.goto(`/auth/reset-password?token=${"x".repeat(32)}`);
  await page.getByLabel("New password", { exact: true }).fill("brand-new-pass-1");
  await page.getByLabel("Confirm new password", { exact: true }).fill("brand-new-pass-1");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toContainText("This reset link is invalid or has expired");
  await page.goto("/auth/reset-password");
  await expect(page.getByRole("alert")).toContainText("invalid or has expired");
});
