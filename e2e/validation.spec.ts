import { expect, test } from "@playwright/test";
import { LoginPage, SignupPage } from "./pages/auth-pages";

// Each message must be tied to its input (aria-describedby), which is how it shows "under" it.

test("sign-in shows the spec's messages under email and password", async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.email.fill("not-an-email");
  await login.submit.click();
  await expect(login.email).toHaveAccessibleDescription("Invalid email address");
  await expect(login.password).toHaveAccessibleDescription("Password is required");
  await expect(login.email).toBeFocused();
  await expect(page).toHaveURL("/auth/login");
});

test("sign-up shows the spec's messages under each input", async ({ page }) => {
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.fill({ email: "nope", username: "ab", password: "short" });
  await signup.submit.click();
  await expect(signup.email).toHaveAccessibleDescription("Invalid email address");
  await expect(signup.username).toHaveAccessibleDescription("Username must be at least 3 characters");
  await expect(signup.password).toHaveAccessibleDescription("Password must be at least 8 characters");

  await signup.fill({
    email: "valid@example.com",
    username: "valid_name",
    password: "long-enough-1",
    confirmPassword: "something-else",
  });
  await signup.submit.click();
  await expect(signup.confirmPassword).toHaveAccessibleDescription("Passwords don't match");
  await expect(signup.email).not.toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL("/auth/signup");
});

test("forgot password validates the email too", async ({ page }) => {
  await page.goto("/auth/forgot-password");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByLabel("Email", { exact: true })).toHaveAccessibleDescription(
    "Invalid email address",
  );
});
