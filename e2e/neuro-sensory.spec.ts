import type { Page } from "@playwright/test";
import { oscillators, recordAudioGraph } from "./support/audio-graph";
import { expect, test } from "./support/signed-in";
import { chooseTheme, scrollsSideways, seriousViolations } from "./support/ui";

/** Sensory Tools (issue 16): tones observed in the audio graph; the breathing guide on a controlled clock. */
const ROUTE = "/neuro-equality/sensory-tools";
const T0 = new Date("2025-03-03T09:00:00Z").getTime();

const soundButton = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const volume = (page: Page) => page.getByRole("slider", { name: "Volume" });
const circle = (page: Page) => page.getByTestId("breathing-circle");
const guide = (page: Page) => page.getByRole("region", { name: "Breathing guide" });
const phaseText = (page: Page) => guide(page).locator("[aria-live=polite]");
/** Where the circle is going and how long it takes (its style; the computed one is mid-transition). */
const circleTarget = (page: Page) => circle(page).evaluate((el) => [el.style.transform, el.style.transition]);

async function openSensory(page: Page) {
  await page.goto(ROUTE);
  await expect(page.getByRole("heading", { level: 1, name: "Sensory Tools" })).toBeVisible();
}

/** The tones started so far: frequency, wave, gain now, stopped. */
async function tones(page: Page) {
  return (await oscillators(page)).map((o) => ({
    frequency: o.frequency,
    type: o.type,
    gain: o.gain === null ? null : Math.round(o.gain * 10_000) / 10_000,
    stopped: o.stopped,
  }));
}

const tone = (frequency: number, gain: number, stopped: boolean) => ({
  frequency,
  type: "sine",
  gain,
  stopped,
});

test("sounds play one at a time (rain 440, waves 220, wind 110, forest 330, gain volume/100 × 0.1); choosing the playing one stops it", async ({
  page,
}) => {
  await chooseTheme(page, "light", { soundEffects: false });
  await recordAudioGraph(page);
  await openSensory(page);
  await expect(volume(page)).toHaveValue("50");
  for (const name of ["Rain", "Waves", "Wind", "Forest"])
    await expect(soundButton(page, name)).toHaveAttribute("aria-pressed", "false");
  expect(await tones(page)).toEqual([]);

  // Sound effects are off: these sounds are the person's own choice and still play.
  await soundButton(page, "Rain").click();
  await expect(soundButton(page, "Rain")).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => tones(page)).toEqual([tone(440, 0.05, false)]);

  await soundButton(page, "Waves").click();
  await expect(soundButton(page, "Waves")).toHaveAttribute("aria-pressed", "true");
  await expect(soundButton(page, "Rain")).toHaveAttribute("aria-pressed", "false");
  await expect.poll(() => tones(page)).toEqual([tone(440, 0.05, true), tone(220, 0.05, false)]);

  await soundButton(page, "Wind").click();
  await soundButton(page, "Forest").click();
  await expect
    .poll(() => tones(page))
    .toEqual([tone(440, 0.05, true), tone(220, 0.05, true), tone(110, 0.05, true), tone(330, 0.05, false)]);
  await expect(page.getByRole("button", { pressed: true })).toHaveCount(1);

  await soundButton(page, "Forest").click();
  await expect(soundButton(page, "Forest")).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("button", { pressed: true })).toHaveCount(0);
  await expect.poll(async () => (await tones(page)).map((t) => t.stopped)).toEqual([true, true, true, true]);
  expect(await tones(page)).toHaveLength(4);
});

test("the volume changes the playing sound's gain at once; leaving the screen stops it", async ({ page }) => {
  await chooseTheme(page, "dark");
  await recordAudioGraph(page);
  await openSensory(page);
  await soundButton(page, "Wind").click();
  await expect.poll(() => tones(page)).toEqual([tone(110, 0.05, false)]);

  await volume(page).focus();
  await page.keyboard.press("ArrowRight");
  await expect(volume(page)).toHaveValue("55");
  await expect.poll(() => tones(page)).toEqual([tone(110, 0.055, false)]);
  await page.keyboard.press("End");
  await expect.poll(() => tones(page)).toEqual([tone(110, 0.1, false)]);
  await page.keyboard.press("Home");
  await expect(volume(page)).toHaveValue("0");
  await expect.poll(() => tones(page)).toEqual([tone(110, 0, false)]);
  await page.keyboard.press("PageUp");
  const raised = Number(await volume(page).inputValue());
  expect(raised % 5).toBe(0);
  await expect
    .poll(() => tones(page))
    .toEqual([tone(110, Math.round((raised / 100) * 0.1 * 10_000) / 10_000, false)]);

  // A new sound starts at the volume chosen.
  await soundButton(page, "Rain").click();
  await expect.poll(async () => (await tones(page)).at(-1)?.gain).toBeCloseTo((raised / 100) * 0.1, 4);

  await page.getByRole("link", { name: "NeuroEquality OS" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "NeuroEquality OS" })).toBeVisible();
  await expect.poll(async () => (await tones(page)).every((t) => t.stopped)).toBe(true);
});

test("the breathing guide cycles inhale 4 s, hold 4 s, exhale 6 s, the circle growing, staying and shrinking", async ({
  page,
}) => {
  await chooseTheme(page, "light", { reducedMotion: false });
  await page.clock.install({ time: T0 });
  await openSensory(page);
  await page.clock.pauseAt(T0 + 60_000);
  await expect(phaseText(page)).toHaveText("Press Start to begin.");
  await guide(page).getByRole("button", { name: "Start" }).click();

  await expect(phaseText(page)).toHaveText("Breathe in4 seconds");
  await expect.poll(() => circleTarget(page)).toEqual(["scale(1)", "transform 4s ease-in-out"]);
  await page.clock.runFor(1_000);
  await expect(phaseText(page)).toHaveText("Breathe in3 seconds");
  await page.clock.runFor(2_000);
  await expect(phaseText(page)).toHaveText("Breathe in1 second");
  await page.clock.runFor(1_000);
  await expect(phaseText(page)).toHaveText("Hold4 seconds");
  await expect.poll(() => circleTarget(page)).toEqual(["scale(1)", "transform 4s ease-in-out"]);
  await page.clock.runFor(4_000);
  await expect(phaseText(page)).toHaveText("Breathe out6 seconds");
  await expect.poll(() => circleTarget(page)).toEqual(["scale(0.55)", "transform 6s ease-in-out"]);
  await page.clock.runFor(5_000);
  await expect(phaseText(page)).toHaveText("Breathe out1 second");
  await page.clock.runFor(1_000);
  await expect(phaseText(page)).toHaveText("Breathe in4 seconds");
  await expect.poll(() => circleTarget(page)).toEqual(["scale(1)", "transform 4s ease-in-out"]);

  // The clock, not counted ticks: a jump with no timer firing, then the tab is shown again.
  await page.clock.setSystemTime(T0 + 60_000 + 14_000 * 3 + 9_000);
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await expect(phaseText(page)).toHaveText("Breathe out5 seconds");

  await guide(page).getByRole("button", { name: "Stop" }).click();
  await expect(phaseText(page)).toHaveText("Press Start to begin.");
  await expect.poll(() => circleTarget(page)).toEqual(["scale(0.55)", "none"]);
  await page.clock.runFor(5_000);
  await expect(phaseText(page)).toHaveText("Press Start to begin.");
});

test("under reduced motion the circle is static, the phase still named in text", async ({ page }) => {
  await chooseTheme(page, "dark", { reducedMotion: true });
  await page.clock.install({ time: T0 });
  await openSensory(page);
  await page.clock.pauseAt(T0 + 60_000);
  const still = async () => [
    await circle(page).evaluate((el) => getComputedStyle(el).transform),
    await circle(page).evaluate((el) => getComputedStyle(el).transitionProperty),
  ];
  const before = await still();
  await guide(page).getByRole("button", { name: "Start" }).click();
  await expect(phaseText(page)).toHaveText("Breathe in4 seconds");
  expect(await still()).toEqual(before);
  await page.clock.runFor(8_000);
  await expect(phaseText(page)).toHaveText("Breathe out6 seconds");
  expect(await still()).toEqual(before);
  expect(before[1]).toBe("none");
});

for (const theme of ["light", "dark"] as const) {
  test(`${theme} theme: no serious axe violations, no sideways scrolling at 360 px`, async ({ page }) => {
    await chooseTheme(page, theme);
    await page.setViewportSize({ width: 360, height: 740 });
    await openSensory(page);
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await soundButton(page, "Waves").click();
    await guide(page).getByRole("button", { name: "Start" }).click();
    await expect(phaseText(page)).toContainText("Breathe in");
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
