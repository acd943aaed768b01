import { randomBytes } from "node:crypto";
import { type BrowserContext, test as base, type Page } from "@playwright/test";
import { ProviderTestServer } from "../../apps/server/src/llm/testing/provider-server";
import { type Account, createAccount, newAccount, PARTNER_DOMAIN, signIn } from "./accounts";
import { AppServer } from "./app-server";

/** Where the Hub keeps the catalogue's SmolLM2 135M; the test hub serves a small file of the test's own. */
export const SMOLLM_HUB_PATH = "bartowski/SmolLM2-135M-Instruct-GGUF/SmolLM2-135M-Instruct-Q8_0.gguf";
export const SMOLLM_BYTES = 3 * 1024 * 1024;

type Market = { app: AppServer; provider: ProviderTestServer; admin: Account };

/**
 * The marketplace's tests run on a server of their own: its first account is the admin, OpenAI's
 * embeddings and the Hugging Face Hub are the provider test server (a download slow enough to
 * watch), and partner e-mails get Executive Access.
 */
export const test = base.extend<
  { separatePage: (baseURL: string | undefined) => Promise<Page> },
  { market: Market }
>({
  market: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      const provider = await ProviderTestServer.start();
      provider.hubFiles.set(SMOLLM_HUB_PATH, {
        data: randomBytes(SMOLLM_BYTES),
        bytesPerSecond: 1024 * 1024,
      });
      const app = await AppServer.start({
        OPENAI_API_KEY: "sk-e2e-test",
        OPENAI_BASE_URL: provider.base("openai"),
        HF_ENDPOINT: `${provider.url}/hub`,
        EXECUTIVE_ACCESS_DOMAINS: PARTNER_DOMAIN,
      });
      // The first account of a server is its admin.
      const admin = newAccount();
      const response = await fetch(`${app.url}/api/auth/signup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(admin),
      });
      if (response.status !== 201) throw new Error(`admin sign-up failed: ${await response.text()}`);
      await use({ app, provider, admin });
      await app.dispose();
      await provider.close();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ market }, use) => use(market.app.url),
  /** A page of a browser of its own (its own cookies) on `baseURL`, closed after the test. */
  separatePage: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (baseURL) => {
      const context = await browser.newContext({ baseURL });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});

/** A new account on the marketplace's server, signed in on `page`. */
export async function newPerson(page: Page, domain?: string): Promise<Account> {
  const account = await createAccount(page.request, newAccount(domain));
  await signIn(page, account);
  return account;
}
