import { expect, test } from "@playwright/test";
import { createAccount, signIn } from "./support/accounts";
import { chooseTheme, scrollsSideways, seriousViolations } from "./support/ui";

/** Analytics: the server's live measurements as plots, and the execution log with filters. */
test.describe.configure({ timeout: 60_000 });

test("live plots of the server's measurements, pushed over the live channel; the execution log filters", async ({
  page,
}) => {
  await signIn(page, await createAccount(page.request));
  await page.request.put("/api/files/content", { data: { path: "/home/user/a.txt", content: "a" } });
  await page.goto("/analytics");
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Live · a sample every 2 s/ })).toBeVisible({
    timeout: 10_000,
  });
  const cpu = page.getByRole("region", { name: "CPU" });
  await expect(cpu).toContainText(/\d+\.\d%/);
  await expect(cpu.getByRole("img", { name: /^CPU \d+\.\d%$/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Memory" })).toContainText(/ of /);
  // This page's own socket is a live connection; its requests are counted.
  await expect(page.getByRole("region", { name: "Live connections" })).not.toContainText(
    /^Live connections0$/,
  );
  // New samples keep coming: the time of the last one moves on.
  const status = page.getByRole("status").filter({ hasText: /updated/ });
  const first = await status.textContent();
  await expect(status).not.toHaveText(first ?? "", { timeout: 6000 });

  const log = page.getByRole("region", { name: "Execution log" });
  await expect(log.getByRole("listitem").first()).toBeVisible();
  await log.getByLabel("Type").selectOption("file_operation");
  await expect(log.getByRole("listitem").first()).toContainText("file operation");
  await log.getByLabel("Status").selectOption("error");
  await expect(log.getByText("Nothing in the log matches.")).toBeVisible();
});

for (const theme of ["light", "dark"] as const) {
  test(`Analytics has no serious axe violations (${theme}) and works at 360 px`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await chooseTheme(page, theme);
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, await createAccount(page.request));
    await page.goto("/analytics");
    await expect(page.getByRole("region", { name: "CPU" })).toBeVisible({ timeout: 10_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => scrollsSideways(page)).toBe(false);
  });
}
