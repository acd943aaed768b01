import type { Page, Request, Response } from "@playwright/test";
import { syncStatus } from "./support/apps";
import { expect, test } from "./support/signed-in";
import { chooseTheme, scrollsSideways, seriousViolations } from "./support/ui";

/** Communication (AAC board). Headless Chromium has no voices: speech comes from the server. */
test.describe.configure({ timeout: 60_000 });

const BOARD = {
  Greetings: ["Hello", "Goodbye", "Thank you", "Please"],
  Needs: ["I need help", "I'm hungry", "I'm thirsty", "I need a break"],
  Emotions: ["I'm happy", "I'm sad", "I'm tired", "I'm frustrated"],
  Responses: ["Yes", "No", "I don't know", "Wait please"],
};

async function openBoard(page: Page) {
  await page.goto("/neuro-equality/communication");
  await expect(page.getByRole("heading", { level: 1, name: "Communication" })).toBeVisible();
  await expect(syncStatus(page)).toHaveText("Saved");
}

const category = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Categories" }).getByRole("button", { name, exact: true });
/** A category's tiles (in builder mode a custom tile also has its Remove button beside it). */
const tiles = (page: Page, categoryName: string) =>
  page.getByRole("list", { name: `${categoryName} phrases` }).locator("button[data-scan]");
const tile = (page: Page, phrase: string) => page.getByRole("button", { name: phrase, exact: true });
const strip = (page: Page) => page.getByRole("list", { name: "Sentence words" }).getByRole("listitem");

const isSpeech = (r: Request | Response) => {
  const request = "request" in r ? r.request() : r;
  return new URL(request.url()).pathname === "/api/speech" && request.method() === "POST";
};

/** Waits for the real answer of /api/speech after `act`: WAV bytes, and the body that asked for them. */
async function spoken(page: Page, act: () => Promise<void>) {
  const answer = page.waitForResponse(isSpeech);
  await act();
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("audio/wav");
  const bytes = await response.body();
  expect(bytes.subarray(0, 4).toString("ascii")).toBe("RIFF");
  expect(bytes.length).toBeGreaterThan(10_000);
  return response.request().postDataJSON() as { text: string; rate: number; pitch: number };
}

/** Every image loaded (a real picture, not a broken link). */
async function allImagesLoaded(list: ReturnType<typeof tiles>) {
  await expect
    .poll(() =>
      list
        .locator("img")
        .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth > 0)),
    )
    .toEqual([true, true, true, true]);
}

test("each category has its four phrases as tiles with symbols (alt text = the phrase) and the attribution", async ({
  page,
}) => {
  await openBoard(page);
  await expect(page.getByText("Speaking with the NeuroOS server voice")).toBeVisible();
  await expect(page.getByText("Symbols: Fluent Emoji by Microsoft, MIT licence")).toBeVisible();
  for (const [name, phrases] of Object.entries(BOARD)) {
    await category(page, name).click();
    await expect(category(page, name)).toHaveAttribute("aria-pressed", "true");
    await expect(tiles(page, name)).toHaveText(phrases);
    for (const phrase of phrases)
      await expect(tile(page, phrase).getByRole("img", { name: phrase })).toBeVisible();
    await allImagesLoaded(tiles(page, name));
  }
});

test("tapping a tile speaks it through the server at rate 0.9, pitch 1 and adds it to the sentence", async ({
  page,
}) => {
  await openBoard(page);
  expect(await spoken(page, () => tile(page, "Hello").click())).toEqual({
    text: "Hello",
    rate: 0.9,
    pitch: 1,
  });
  await expect(strip(page)).toHaveText(["Hello"]);
  await category(page, "Needs").click();
  expect(await spoken(page, () => tile(page, "I need help").click())).toEqual({
    text: "I need help",
    rate: 0.9,
    pitch: 1,
  });
  await expect(strip(page)).toHaveText(["Hello", "I need help"]);
});

test("builder mode is quiet; the strip of 3 tiles is spoken as one request; a word is removed; Clear empties it", async ({
  page,
}) => {
  await openBoard(page);
  const requests: string[] = [];
  page.on("request", (request) => {
    if (isSpeech(request)) requests.push(request.postData() ?? "");
  });
  await page.getByRole("switch", { name: "Builder mode" }).click();
  await tile(page, "Hello").click();
  await category(page, "Needs").click();
  await tile(page, "I'm hungry").click();
  await category(page, "Greetings").click();
  await tile(page, "Thank you").click();
  await expect(strip(page)).toHaveText(["Hello", "I'm hungry", "Thank you"]);
  await page.waitForTimeout(500);
  expect(requests).toEqual([]);

  const body = await spoken(page, () => page.getByRole("button", { name: "Speak", exact: true }).click());
  expect(body).toEqual({ text: "Hello, I'm hungry, Thank you", rate: 0.9, pitch: 1 });
  expect(requests).toHaveLength(1);

  await page.getByRole("button", { name: "Remove I'm hungry" }).click();
  await expect(strip(page)).toHaveText(["Hello", "Thank you"]);
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await expect(strip(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Speak", exact: true })).toBeDisabled();
});

test("a custom category and phrase with searched symbols are kept after a reload; a bad one changes nothing", async ({
  page,
}) => {
  await openBoard(page);
  await page.getByRole("switch", { name: "Builder mode" }).click();
  await page.getByRole("button", { name: "Add category" }).click();
  const categoryDialog = page.getByRole("dialog", { name: "Add a category" });
  await categoryDialog.getByLabel("Category name").fill("Places");
  await categoryDialog.getByLabel("Search symbols").fill("house");
  await categoryDialog.getByRole("button", { name: "house", exact: true }).click();
  await categoryDialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(categoryDialog).toBeHidden();
  await expect(category(page, "Places")).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "Add phrase" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a phrase" });
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog.getByText("Write the phrase")).toBeVisible();
  await expect(dialog.getByText("Choose a symbol")).toBeVisible();
  await expect(dialog.getByLabel("Category")).toHaveValue(/.+/);
  await dialog.getByLabel("Phrase").fill("I want to go to the park");
  await dialog.getByLabel("Search symbols").fill("park");
  const found = dialog.getByRole("list", { name: "Symbols found" }).getByRole("button");
  await expect(found.first()).toBeVisible();
  expect(await found.count()).toBeLessThanOrEqual(40);
  await dialog.getByRole("button", { name: "national park", exact: true }).click();
  await expect(dialog.getByRole("button", { name: "national park", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(tiles(page, "Places")).toHaveText(["I want to go to the park"]);
  await expect(syncStatus(page)).toHaveText("Saved");

  await page.reload();
  await expect(syncStatus(page)).toHaveText("Saved");
  await category(page, "Places").click();
  const park = tile(page, "I want to go to the park");
  await expect(park.getByRole("img", { name: "I want to go to the park" })).toBeVisible();
  await expect
    .poll(() => park.locator("img").evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  for (const name of Object.keys(BOARD)) await expect(category(page, name)).toBeVisible();
});

test("scanning: Space steps a thick, announced highlight through the tiles and Speak, Enter chooses and speaks", async ({
  page,
}) => {
  await openBoard(page);
  const scanning = page.getByRole("switch", { name: "Scanning" });
  await scanning.click();
  await expect(scanning).toHaveAttribute("aria-checked", "true");
  const highlighted = page.locator("[data-scan-active]");
  const announced = page.locator("p[aria-live='polite'].sr-only");

  await page.keyboard.press("Space");
  await expect(highlighted).toHaveAttribute("role", "switch");
  await page.keyboard.press("Space");
  await expect(highlighted).toHaveText("Greetings");
  await page.keyboard.press("Space");
  await expect(highlighted).toHaveText("Needs");
  await expect(highlighted).toBeFocused();
  await expect(announced).toHaveText("Needs");
  await page.keyboard.press("Enter");
  await expect(category(page, "Needs")).toHaveAttribute("aria-pressed", "true");

  // On through the other categories (the account's own too) to the first tile.
  const passed: string[] = [];
  for (let i = 0; i < 12 && passed.at(-1) !== "I need help"; i += 1) {
    await page.keyboard.press("Space");
    await expect(announced).not.toHaveText(passed.at(-1) ?? "Needs");
    passed.push((await announced.textContent()) ?? "");
  }
  expect(passed.slice(0, 2)).toEqual(["Emotions", "Responses"]);
  await expect(highlighted).toHaveAccessibleName("I need help");
  await expect(announced).toHaveText("I need help");
  expect(await highlighted.evaluate((el) => getComputedStyle(el).outlineWidth)).toBe("6px");
  const body = await spoken(page, () => page.keyboard.press("Enter"));
  expect(body).toEqual({ text: "I need help", rate: 0.9, pitch: 1 });
  await expect(strip(page)).toHaveText(["I need help"]);

  // On through the other three tiles, back to the top: the switch, then the strip's Speak.
  for (let i = 0; i < 5; i += 1) await page.keyboard.press("Space");
  await expect(highlighted).toHaveAccessibleName("Speak");
  const sentence = await spoken(page, () => page.keyboard.press("Enter"));
  expect(sentence.text).toBe("I need help");
  await expect(scanning).toHaveAttribute("aria-checked", "true");

  await scanning.click();
  await expect(highlighted).toHaveCount(0);
});

test("auto-scan (off by default) moves the highlight by itself every 2 s; Enter chooses", async ({
  page,
}) => {
  // Paused: only runFor moves time (time flowing by itself moved the scan on a loaded machine).
  const t0 = Date.now();
  await page.clock.install({ time: t0 });
  await openBoard(page);
  await page.clock.pauseAt(t0 + 60_000);
  await page.getByRole("switch", { name: "Scanning" }).click();
  const auto = page.getByRole("switch", { name: "Auto-scan" });
  await expect(auto).toHaveAttribute("aria-checked", "false");
  await auto.click();
  const highlighted = page.locator("[data-scan-active]");
  await page.clock.runFor(2000);
  await expect(highlighted).toHaveAttribute("role", "switch");
  await page.clock.runFor(2000);
  await expect(highlighted).toHaveText("Greetings");
  await page.clock.runFor(2000);
  await expect(highlighted).toHaveText("Needs");
  await page.keyboard.press("Enter");
  await expect(category(page, "Needs")).toHaveAttribute("aria-pressed", "true");
  await auto.click();
  await page.clock.runFor(6000);
  await expect(highlighted).toHaveText("Needs");
});

for (const theme of ["light", "dark"] as const) {
  test(`at 360 px in ${theme}: nothing scrolls sideways, no serious axe violations`, async ({ page }) => {
    await chooseTheme(page, theme);
    await page.setViewportSize({ width: 360, height: 740 });
    await openBoard(page);
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark).*/);
    await allImagesLoaded(tiles(page, "Greetings"));
    await page.getByRole("switch", { name: "Builder mode" }).click();
    await page.getByRole("switch", { name: "Scanning" }).click();
    await tile(page, "Hello").click();
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    await page.getByRole("button", { name: "Add phrase" }).click();
    await page.getByRole("dialog").getByLabel("Search symbols").fill("dog");
    await expect(page.getByRole("dialog").getByRole("list", { name: "Symbols found" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => scrollsSideways(page)).toBe(false);
  });
}
