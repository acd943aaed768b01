import { expect, type Page, test } from "@playwright/test";

/** Skips when this machine cannot run the sandbox (never under CI); the page must be signed in. */
export async function requireSandbox(page: Page): Promise<void> {
  const response = await page.request.get("/api/sandbox/health");
  expect(response.ok(), "sandbox health needs a signed-in page").toBe(true);
  const sandbox = await response.json();
  expect(sandbox.available || !process.env.CI, `CI must run the sandbox: ${sandbox.message}`).toBe(true);
  test.skip(!sandbox.available, `the sandbox cannot run here: ${sandbox.message}`);
}
