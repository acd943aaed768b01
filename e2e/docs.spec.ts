import { expect, test } from "@playwright/test";
import { chooseTheme, scrollsSideways, seriousViolations } from "./support/ui";

const PAGES = [
  ["getting-started", "Getting started"],
  ["providers", "Providers and local models"],
  ["safe-mode", "Safe mode and the sandbox"],
  ["files", "Files"],
  ["terminal", "Terminal"],
  ["apps", "The apps"],
  ["ide", "Neuro IDE"],
  ["accessibility", "Accessibility and NeuroEquality OS"],
  ["mcp", "Using NeuroOS from other apps (MCP)"],
  ["keyboard", "Keyboard shortcuts"],
  ["self-hosting", "Self-hosting"],
] as const;

test("'Read the docs' on /support opens the user documentation, and every page of it renders", async ({
  page,
}) => {
  await page.goto("/support");
  await page.getByRole("link", { name: "Read the docs" }).click();
  await expect(page).toHaveURL("/docs");
  await expect(page.getByRole("heading", { level: 1, name: "Getting started" })).toBeVisible();
  const toc = page.getByRole("navigation", { name: "Documentation" });
  for (const [slug, title] of PAGES) {
    await toc.getByRole("link", { name: title, exact: true }).click();
    await expect(page).toHaveURL(`/docs/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(toc.getByRole("link", { name: title, exact: true })).toHaveAttribute("aria-current", "page");
  }
  // A link between pages stays in the app.
  await page.goto("/docs/getting-started");
  await page.getByRole("article").getByRole("link", { name: "Providers and local models" }).click();
  await expect(page).toHaveURL("/docs/providers");
});

test("an unknown docs page is the 404 page", async ({ page }) => {
  await page.goto("/docs/no-such-page");
  await expect(page.getByRole("heading", { name: /404/ })).toBeVisible();
});

for (const theme of ["dark", "light"] as const) {
  test(`the docs have no serious axe violations and fit 360 px (${theme})`, async ({ page }) => {
    await chooseTheme(page, theme);
    await page.setViewportSize({ width: 360, height: 740 });
    for (const slug of ["getting-started", "keyboard", "self-hosting"]) {
      await page.goto(`/docs/${slug}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await seriousViolations(page), slug).toEqual([]);
      await expect.poll(() => scrollsSideways(page), slug).toBe(false);
    }
  });
}
