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
  const stored = await page.evaluate(() => window.localStorage.getItem("neuroos-accessibility"));
  expect(JSON.parse(stored ?? "{}")).toMatchObject({ darkMode: false });

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

test("the theme button's tooltip: after 700 ms on hover, at once on keyboard focus, inside a 360 px screen, Escape hides it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  const toggle = page.getByRole("button", { name: "Switch to light theme" });
  const tooltip = page.getByRole("tooltip");
  await toggle.hover();
  await page.waitForTimeout(300);
  await expect(tooltip).toHaveCount(0);
  await expect(tooltip).toHaveText("Switch to light theme");
  await expect(toggle).toHaveAccessibleDescription("Switch to light theme");
  const box = await tooltip.boundingBox();
  if (!box) throw new Error("the tooltip has no box");
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);

  await page.mouse.move(0, 400);
  await expect(tooltip).toHaveCount(0);
  await page.keyboard.press("Tab");
  while (!(await toggle.evaluate((el) => el === document.activeElement))) await page.keyboard.press("Tab");
  await expect(tooltip).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(tooltip).toHaveCount(0);
});
