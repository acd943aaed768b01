import { type Browser, expect, type Page, test } from "@playwright/test";
import { sharedSignedInPage } from "./support/shared-page";
import { seriousViolations } from "./support/ui";

let page: Page;

sharedSignedInPage((shared) => {
  page = shared;
});

const screen = () => page.locator(".xterm-rows");

test("the terminal runs commands and reattaches after a reload", async () => {
  await page.goto("/terminal");
  await expect(page.getByRole("heading", { level: 1, name: "Terminal" })).toBeVisible();
  await expect(page.getByTestId("terminal-status")).toHaveText("Connected", { timeout: 15_000 });
  const id = await page.evaluate(() => sessionStorage.getItem("neuroos-terminal-id"));
  expect(id).toBeTruthy();

  await page.getByTestId("terminal").click();
  await page.keyboard.type("echo hello-$((6*7))");
  await page.keyboard.press("Enter");
  await expect(screen()).toContainText("hello-42");

  await page.reload();
  await expect(page.getByTestId("terminal-status")).toHaveText("Connected (reattached)", { timeout: 15_000 });
  expect(await page.evaluate(() => sessionStorage.getItem("neuroos-terminal-id"))).toBe(id);
  // The recent output is replayed, and the same shell keeps working.
  await expect(screen()).toContainText("hello-42");
  await page.getByTestId("terminal").click();
  await page.keyboard.type("echo again-$((2+3))");
  await page.keyboard.press("Enter");
  await expect(screen()).toContainText("again-5");
});

test("the terminal page has no serious axe violations", async () => {
  await page.goto("/terminal");
  await expect(page.getByTestId("terminal-status")).toContainText("Connected", { timeout: 15_000 });
  expect(await seriousViolations(page)).toEqual([]);
});

test("/terminal asks a signed-out visitor to sign in", async ({ browser }: { browser: Browser }) => {
  const guest = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const guestPage = await guest.newPage();
  await guestPage.goto("/terminal");
  await expect(guestPage).toHaveURL(/\/auth\/login/);
  await guest.close();
});
