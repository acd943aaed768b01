import type { Page } from "@playwright/test";
import { oscillators, recordAudioGraph } from "./support/audio-graph";
import { expect, test } from "./support/signed-in";
import { chooseTheme, scrollsSideways, seriousViolations, toasts } from "./support/ui";

/** Focus Timer (issue 16): a controlled clock drives it; the chime is observed in the audio graph. */
const ROUTE = "/neuro-equality/focus-timer";
const T0 = new Date("2025-03-03T09:00:00Z").getTime();
/** The page's clock once it has loaded: paused here, moved only by the test. */
const PAUSED_AT = T0 + 60_000;
const CHIME = [523.25, 659.25];

const display = (page: Page) => page.getByRole("timer", { name: "Time left" });
const slider = (page: Page) => page.getByRole("slider", { name: "Session duration" });
const startButton = (page: Page) => page.getByRole("button", { name: "Start", exact: true });
const pauseButton = (page: Page) => page.getByRole("button", { name: "Pause", exact: true });
const announcement = (page: Page) => page.locator("[aria-live=polite]").filter({ hasText: /\S/ });

/**
 * The completion toast is showing. Its code loads with the first toast and React reveals it on a
 * timer, so the paused clock is moved on a little at a time (well within the toast's 5 s).
 */
async function expectCompletionToast(page: Page) {
  await expect(async () => {
    await page.clock.runFor(50);
    await expect(toasts(page).getByText("Timer Complete!")).toBeVisible({ timeout: 250 });
  }).toPass({ timeout: 10_000 });
  await expect(toasts(page).getByText("Great job! Time for a break.")).toBeVisible();
}

/** Opens the timer with the page's clock installed and paused (each test starts from 25 minutes). */
async function openTimer(page: Page, { clock = true } = {}) {
  await page.request.put("/api/preferences/focus-timer", { data: { value: { minutes: 25 } } });
  if (clock) await page.clock.install({ time: T0 });
  await page.goto(ROUTE);
  await expect(page.getByRole("heading", { level: 1, name: "Focus Timer" })).toBeVisible();
  if (clock) await page.clock.pauseAt(PAUSED_AT);
  await expect(display(page)).toHaveText("25:00");
}

test("counts down each second; Pause holds; Reset restores; a new duration while paused resets the display; none while running", async ({
  page,
}) => {
  await chooseTheme(page, "light");
  await openTimer(page);
  await expect(slider(page)).toHaveValue("25");
  await expect(slider(page)).toHaveAttribute("min", "1");
  await expect(slider(page)).toHaveAttribute("max", "60");

  await startButton(page).click();
  await expect(pauseButton(page)).toBeVisible();
  await expect(announcement(page)).toHaveText("Started. 25 minutes left.");
  await page.clock.runFor(1_000);
  await expect(display(page)).toHaveText("24:59");
  await page.clock.runFor(2_000);
  await expect(display(page)).toHaveText("24:57");
  await expect(slider(page)).toBeDisabled();

  await pauseButton(page).click();
  await expect(announcement(page)).toHaveText("Paused with 24 minutes 57 seconds left.");
  await page.clock.runFor(10_000);
  await expect(display(page)).toHaveText("24:57");

  await startButton(page).click();
  await page.clock.runFor(3_000);
  await expect(display(page)).toHaveText("24:54");
  await page.getByRole("button", { name: "Reset" }).click();
  await expect(display(page)).toHaveText("25:00");
  await expect(startButton(page)).toBeVisible();
  await page.clock.runFor(5_000);
  await expect(display(page)).toHaveText("25:00");

  await startButton(page).click();
  await page.clock.runFor(4_000);
  await pauseButton(page).click();
  await expect(display(page)).toHaveText("24:56");
  await slider(page).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(slider(page)).toHaveValue("24");
  await expect(display(page)).toHaveText("24:00");
  await page.keyboard.press("Home");
  await expect(display(page)).toHaveText("01:00");
  await page.keyboard.press("End");
  await expect(display(page)).toHaveText("60:00");
  await page.keyboard.press("PageDown");
  await expect(slider(page)).not.toHaveValue("60");
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowRight");
  await expect(display(page)).toHaveText("02:00");
  await page.getByRole("button", { name: "Reset" }).click();
  await expect(display(page)).toHaveText("02:00");
});

test("at 00:00 it stops with 'Timer Complete!' / 'Great job! Time for a break.' and the chime while sound effects are on", async ({
  page,
}) => {
  await chooseTheme(page, "light", { soundEffects: true });
  await recordAudioGraph(page);
  await openTimer(page);
  await slider(page).focus();
  await page.keyboard.press("Home");
  await expect(display(page)).toHaveText("01:00");
  await startButton(page).click();
  await page.clock.runFor(59_000);
  await expect(display(page)).toHaveText("00:01");
  expect(await oscillators(page)).toEqual([]);
  await page.clock.runFor(1_000);
  await expect(display(page)).toHaveText("00:00");
  await expectCompletionToast(page);
  await expect(startButton(page)).toBeVisible();
  await expect.poll(async () => (await oscillators(page)).map((o) => o.frequency)).toEqual(CHIME);
  await page.clock.runFor(3_000);
  await expect(display(page)).toHaveText("00:00");
  expect(await oscillators(page)).toHaveLength(CHIME.length);
  // Start again: a new session of the chosen duration.
  await startButton(page).click();
  await page.clock.runFor(1_000);
  await expect(display(page)).toHaveText("00:59");
});

test("with sound effects off the toast still comes, silently", async ({ page }) => {
  await chooseTheme(page, "dark", { soundEffects: false });
  await recordAudioGraph(page);
  await openTimer(page);
  await slider(page).focus();
  await page.keyboard.press("Home");
  await startButton(page).click();
  await page.clock.runFor(60_000);
  await expect(display(page)).toHaveText("00:00");
  await expectCompletionToast(page);
  await page.clock.runFor(2_000);
  expect(await oscillators(page)).toEqual([]);
});

test("right after the tab was in the background: the time left comes from the clock, not from ticks", async ({
  page,
}) => {
  await chooseTheme(page, "light");
  await openTimer(page);
  await startButton(page).click();
  // The clock jumps with no timer firing (a throttled background tab), then the tab is shown.
  await page.clock.setSystemTime(PAUSED_AT + 10 * 60_000 + 3_000);
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await expect(display(page)).toHaveText("14:57");
  // The next tick reads the clock too.
  await page.clock.runFor(1_000);
  await expect(display(page)).toHaveText("14:56");
  // Away past the end: 00:00, stopped, with the toast.
  await page.clock.setSystemTime(PAUSED_AT + 40 * 60_000);
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await expect(display(page)).toHaveText("00:00");
  await expectCompletionToast(page);
  await expect(startButton(page)).toBeVisible();
});

test("the chosen duration is remembered for the account", async ({ page }) => {
  await chooseTheme(page, "light");
  await openTimer(page, { clock: false });
  await slider(page).focus();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/preferences/focus-timer") && r.request().method() === "PUT",
  );
  await page.keyboard.press("End");
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(display(page)).toHaveText("60:00");
  await expect(slider(page)).toHaveValue("60");
});

for (const theme of ["light", "dark"] as const) {
  test(`${theme} theme: no serious axe violations, no sideways scrolling at 360 px`, async ({ page }) => {
    await chooseTheme(page, theme);
    await page.setViewportSize({ width: 360, height: 740 });
    await openTimer(page);
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await startButton(page).click();
    await page.clock.runFor(1_000);
    await expect(display(page)).toHaveText("24:59");
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    // axe runs on timers of its own: the clock runs again from here.
    await page.clock.resume();
    expect(await seriousViolations(page)).toEqual([]);
    await pauseButton(page).click();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
