import { expect, test } from "@playwright/test";
import { openApp } from "./support/apps";
import { chooseTheme, scrollsSideways, seriousViolations, toasts } from "./support/ui";

/**
 * What every app shares, on the server with no model provider configured: the console's model
 * setup instead of a dead button, dictation saying what is missing, and each screen accessible
 * in both themes at 360 px.
 */
test.describe.configure({ timeout: 60_000 });

const apps = [
  { slug: "notes-pad", heading: "NotesPad" },
  { slug: "smart-doc", heading: "SmartDoc" },
  { slug: "logic-sheet", heading: "LogicSheet" },
  { slug: "mind-planner", heading: "MindPlanner" },
  { slug: "prompt-canvas", heading: "PromptCanvas" },
];

test("no model configured: an AI action shows the console's setup path, and no request is sent", async ({
  page,
}) => {
  await openApp(page, "mind-planner", "MindPlanner");
  const setup = page.getByRole("region", { name: "Connect a model to use Generate plan" });
  await expect(setup).toBeVisible();
  await expect(setup.getByRole("heading", { name: "Paste an API key" })).toBeVisible();
  await page.getByLabel("What do you want to plan?").fill("a garden");
  await page.getByRole("button", { name: "Generate plan" }).click();
  await expect(setup.getByRole("heading", { name: "Connect a model to use Generate plan" })).toBeFocused();
  await expect(page.getByRole("region", { name: "Generated plan" })).toHaveCount(0);
});

test("dictation without a speech-to-text provider stops after 3 s and says what is missing", async ({
  page,
}) => {
  await openApp(page, "notes-pad", "NotesPad");
  await page.getByRole("button", { name: "Record" }).click();
  const stop = page.getByRole("button", { name: "Stop recording" });
  await expect(stop).toBeVisible();
  await page.waitForTimeout(2000);
  await expect(stop).toBeVisible();
  await expect(toasts(page).getByText("No speech-to-text provider configured")).toBeVisible({
    timeout: 3000,
  });
  await expect(page.getByRole("button", { name: "Record" })).toBeVisible();
});

for (const theme of ["light", "dark"] as const) {
  for (const app of apps.slice(1)) {
    test(`${app.heading}: no serious axe violations (${theme}), usable at 360 px`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await chooseTheme(page, theme);
      await page.setViewportSize({ width: 360, height: 740 });
      await openApp(page, app.slug, app.heading);
      expect(await seriousViolations(page)).toEqual([]);
      await expect.poll(() => scrollsSideways(page)).toBe(false);
    });
  }
}
