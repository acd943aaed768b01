import { expect, test } from "@playwright/test";

test("dark is the default; the chosen theme survives a reload, applied before the app starts", async ({
  page,
}) => {
  await page.goto("/");
  const html = page.locator("html");
  await expect(html).toHaveClass(/\bdark\b/);

  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(html).toHaveClass(/\blight\b/);
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => window.localStorage.getItem("neuroos-theme"))).toBe("light");

  // The class must be set by the pre-paint script, before any module script runs.
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState === "interactive") {
        (window as unknown as { themeAtParse: string }).themeAtParse = document.documentElement.className;
      }
    });
  });
  await page.reload();
  await expect(html).toHaveClass(/\blight\b/);
  expect(await page.evaluate(() => (window as unknown as { themeAtParse: string }).themeAtParse)).toContain(
    "light",
  );

  await page.goto("/about");
  await expect(html).toHaveClass(/\blight\b/);
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
});
