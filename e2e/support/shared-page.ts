import { type BrowserContext, type BrowserContextOptions, type Page, test } from "@playwright/test";
import { signedInAccount } from "./accounts";

/**
 * One signed-in page for a whole spec file: sign-in is rate-limited (20 a minute per IP, shared by
 * the suite), so the file signs in once and its tests share the page, in order. `ready` receives
 * the page (and its context) before the first test.
 */
export function sharedSignedInPage(
  ready: (page: Page, context: BrowserContext) => void,
  options: BrowserContextOptions = {},
): void {
  test.describe.configure({ mode: "serial" });
  let context: BrowserContext | undefined;
  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, ...options });
    const page = await context.newPage();
    await signedInAccount(page);
    ready(page, context);
  });
  test.afterAll(async () => {
    await context?.close();
  });
}
