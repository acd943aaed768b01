import { test as base } from "@playwright/test";
import { type Account, createAccount, newAccount } from "./accounts";

type StorageState = Awaited<ReturnType<import("@playwright/test").BrowserContext["storageState"]>>;

/**
 * A test whose pages are signed in as one account per worker: sign-in is rate-limited
 * (20 a minute per IP, shared by the whole suite), so a spec file signs in once, not per test.
 */
export const test = base.extend<
  { account: Account },
  { workerAccount: { account: Account; state: StorageState } }
>({
  workerAccount: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL ?? process.env.E2E_BASE_URL;
      const context = await browser.newContext({ baseURL });
      const account = await createAccount(context.request, newAccount());
      const response = await context.request.post("/api/auth/login", {
        data: { email: account.email, password: account.password },
      });
      if (response.status() !== 200)
        throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
      const state = await context.storageState();
      await context.close();
      await use({ account, state });
    },
    { scope: "worker" },
  ],
  storageState: async ({ workerAccount }, use) => use(workerAccount.state),
  account: async ({ workerAccount }, use) => use(workerAccount.account),
});

export { expect } from "@playwright/test";
