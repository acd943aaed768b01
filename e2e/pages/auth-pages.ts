import type { Page } from "@playwright/test";
import type { Account } from "../support/accounts";

/** Page object of /auth/login. */
export class LoginPage {
  constructor(readonly page: Page) {}

  get email() {
    return this.page.getByLabel("Email", { exact: true });
  }
  get password() {
    return this.page.getByLabel("Password", { exact: true });
  }
  get rememberMe() {
    return this.page.getByRole("checkbox", { name: "Remember me" });
  }
  get submit() {
    return this.page.getByRole("button", { name: /^(Sign In|Signing in\.\.\.)$/ });
  }

  async goto(next?: string) {
    await this.page.goto(next ? `/auth/login?next=${encodeURIComponent(next)}` : "/auth/login");
  }

  async signIn(account: Pick<Account, "email" | "password">, options: { rememberMe?: boolean } = {}) {
    // After a navigation the previous screen stays until this one's code has loaded.
    await this.page.getByRole("heading", { name: "Sign in to NeuroOS" }).waitFor();
    await this.email.fill(account.email);
    await this.password.fill(account.password);
    if (options.rememberMe) await this.rememberMe.check();
    await this.submit.click();
  }
}

/** Page object of /auth/signup. */
export class SignupPage {
  constructor(readonly page: Page) {}

  get email() {
    return this.page.getByLabel("Email", { exact: true });
  }
  get username() {
    return this.page.getByLabel("Username", { exact: true });
  }
  get password() {
    return this.page.getByLabel("Password", { exact: true });
  }
  get confirmPassword() {
    return this.page.getByLabel("Confirm password", { exact: true });
  }
  get submit() {
    return this.page.getByRole("button", { name: /^(Create Account|Creating Account\.\.\.)$/ });
  }

  async goto() {
    await this.page.goto("/auth/signup");
  }

  async fill(values: { email: string; username: string; password: string; confirmPassword?: string }) {
    await this.email.fill(values.email);
    await this.username.fill(values.username);
    await this.password.fill(values.password);
    await this.confirmPassword.fill(values.confirmPassword ?? values.password);
  }
}
