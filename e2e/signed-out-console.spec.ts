import { expect, test } from "@playwright/test";
import { PUBLIC_PAGES } from "./support/ui";

/** A signed-out visit is not an error: no page a visitor can open logs one in the console. */
test("signed-out pages log no console error", async ({ page }) => {
  // Eleven pages, each until its network is quiet: more than the default 30 s on a busy 2-core machine.
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  // The public pages, and a signed-in page a visitor is sent from to the sign-in page.
  for (const path of [...PUBLIC_PAGES, "/dashboard"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
  }
  expect(errors).toEqual([]);
});
