import { type APIRequestContext, expect, type Page } from "@playwright/test";

/** Accounts with an e-mail at this domain get Executive Access (the server is started with it). */
export const PARTNER_DOMAIN = "partner.example";

export interface Account {
  email: string;
  username: string;
  password: string;
}

let sequence = 0;

/** A fresh account's details; unique across tests, workers and runs. */
export function newAccount(domain = "example.com"): Account {
  sequence += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${sequence}`;
  return { email: `user-${id}@${domain}`, username: `u_${id}`, password: "correct-horse-42" };
}

/** Signs up through the API (it does not sign in). */
export async function createAccount(
  request: APIRequestContext,
  account: Account = newAccount(),
): Promise<Account> {
  const response = await request.post("/api/auth/signup", { data: account });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/** Signs the page's browser context in through the API (the session cookie lands in its jar). */
export async function signIn(page: Page, account: Account): Promise<void> {
  const response = await page.request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A new account, signed in. */
export async function signedInAccount(page: Page, domain?: string): Promise<Account> {
  const account = await createAccount(page.request, newAccount(domain));
  await signIn(page, account);
  return account;
}

/** Signs out with the sidebar's button, as a person does, and waits for the sign-in page. */
export async function signOutWithButton(page: Page): Promise<void> {
  await page.goto("/dashboard");
  await page
    .getByRole("complementary", { name: "Sidebar" })
    .getByRole("button", { name: "Sign out" })
    .click();
  await expect(page).toHaveURL("/auth/login");
}
