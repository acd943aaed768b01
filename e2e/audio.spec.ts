import { expect, type Page } from "@playwright/test";
import { ConsolePage } from "./pages/console-page";
import { createAccount, signIn } from "./support/accounts";
import { chooseTheme, scrollsSideways, seriousViolations, toasts } from "./support/ui";
import { test } from "./support/with-provider";

/**
 * Audio I/O against its own server, whose OpenAI provider is the scripted provider test server
 * (it transcribes, and refuses anything that is not real audio). The microphone is Chromium's
 * fake device (a beep every half second; e2e/support/chromium.ts); headless Chromium has no
 * voices, so speech comes from the server (espeak-ng).
 */
test.describe.configure({ timeout: 90_000 });
test.beforeEach(({ provider }) => provider.reset());

async function openAudio(page: Page) {
  await signIn(page, await createAccount(page.request));
  await page.goto("/dashboard/audio");
  await expect(page.getByRole("heading", { level: 1, name: "Audio I/O" })).toBeVisible();
}

const recordings = (page: Page) => page.getByRole("list", { name: "Recordings" }).getByRole("listitem");
const meter = (page: Page) => page.getByRole("meter", { name: "Microphone level" });
const meterValue = (page: Page) => meter(page).evaluate((el) => (el as HTMLMeterElement).value);

/** Records the fake microphone for about `ms`; returns the levels the meter showed meanwhile. */
async function record(page: Page, ms: number): Promise<number[]> {
  await page.getByRole("button", { name: "Record", exact: true }).click();
  await expect(page.getByRole("button", { name: "Stop", exact: true }).first()).toBeVisible();
  const levels: number[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    levels.push(await meterValue(page));
    await page.waitForTimeout(60);
  }
  await expect(page.getByRole("timer", { name: "Elapsed time" })).not.toHaveText("0:00");
  await page.getByRole("button", { name: "Stop", exact: true }).first().click();
  await expect(toasts(page).getByText("Recording saved")).toBeVisible();
  return levels;
}

test("records the microphone with a moving level meter and elapsed time; the recording is kept in /home/user/audio and plays", async ({
  page,
}) => {
  await openAudio(page);
  await expect(page.getByText("No recordings yet")).toBeVisible();
  const levels = await record(page, 2600);
  // The fake microphone beeps: the meter rises with each beep and falls between them.
  expect(Math.max(...levels)).toBeGreaterThan(30);
  expect(Math.min(...levels)).toBeLessThan(Math.max(...levels) - 20);
  expect(new Set(levels).size).toBeGreaterThan(3);
  await expect.poll(() => meterValue(page)).toBe(0);

  await expect(recordings(page)).toHaveCount(1);
  const [saved] = await (await page.request.get("/api/audio/recordings")).json();
  expect(saved.name).toMatch(/^recording-.*\.webm$/);
  expect(saved.durationMs).toBeGreaterThan(2000);
  expect(saved.durationMs).toBeLessThan(4500);
  const item = recordings(page).first();
  await expect(item).toContainText(saved.name);
  await expect(item).toContainText(`0:0${Math.floor(saved.durationMs / 1000)}`);

  // Played through the page's audio element: the position follows the real playback, to the end.
  await item.getByRole("button", { name: /^Play/ }).click();
  await expect(item.getByRole("button", { name: /^Pause/ })).toBeVisible();
  await expect(item.getByText(/^Playing 0:0[1-9]/)).toBeVisible({ timeout: 5000 });
  await expect(item.getByRole("button", { name: /^Play/ })).toBeVisible({ timeout: 8000 });

  // A file of the workspace: the Files page shows it in the audio folder.
  await page.goto("/dashboard/files");
  await page.getByRole("button", { name: "Open folder audio" }).click();
  await expect(page.getByRole("list", { name: "Contents of /home/user/audio" })).toContainText(saved.name);

  await page.goto("/dashboard/audio");
  await recordings(page)
    .first()
    .getByRole("button", { name: /^Delete/ })
    .click();
  await page
    .getByRole("dialog", { name: `Delete ${saved.name}?` })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByText("No recordings yet")).toBeVisible();
  expect(await (await page.request.get("/api/audio/recordings")).json()).toEqual([]);
});

test("transcribes a recording through the provider, which received the WebM; the text goes to a note and to the console", async ({
  page,
  provider,
}) => {
  await openAudio(page);
  await record(page, 1500);
  provider.transcript = "Remember to water the plants.";
  const item = recordings(page).first();
  await item.getByRole("button", { name: /^Transcribe/ }).click();
  const transcript = item.getByRole("textbox", { name: /^Transcript of/ });
  await expect(transcript).toHaveValue("Remember to water the plants.");
  const upload = provider.requests.find((r) => r.path === "/openai/v1/audio/transcriptions");
  expect(upload?.audio).toMatchObject({ format: "webm", model: "whisper-1", refused: null });
  expect(upload?.audio?.bytes).toBeGreaterThan(5000);

  await transcript.fill("Remember to water the plants on Friday.");
  await item.getByRole("button", { name: "Save as note" }).click();
  await expect(item.getByRole("status")).toContainText("Saved as the note");
  const notes = await (await page.request.get("/api/documents?kind=notes")).json();
  const note = await (await page.request.get(`/api/documents/${notes[0].id}`)).json();
  expect(note).toMatchObject({
    title: expect.stringMatching(/^Transcript of recording-/),
    content: "Remember to water the plants on Friday.",
  });

  await item.getByRole("button", { name: "Send to console" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue(
    "Remember to water the plants on Friday.",
  );
});

test("speaks a text with the server's voice: real WAV, decoded and played in the browser, at the chosen rate", async ({
  page,
}) => {
  await openAudio(page);
  await expect(
    page.getByText("Speaking with the NeuroOS server voice (this browser has no voices of its own)."),
  ).toBeVisible();
  await page.getByLabel("Text to speak").fill("Good morning. The kettle is on.");
  const rate = page.getByRole("slider", { name: "Rate" });
  await rate.focus();
  for (let i = 0; i < 3; i++) await rate.press("ArrowRight");
  await expect(rate).toHaveValue("1.3");
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/speech");
  await page.getByRole("button", { name: "Speak", exact: true }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("audio/wav");
  expect((await response.body()).subarray(0, 4).toString("ascii")).toBe("RIFF");
  expect(response.request().postDataJSON()).toEqual({
    text: "Good morning. The kettle is on.",
    rate: 1.3,
    pitch: 1,
  });
  // The page decoded the WAV (decodeAudioData) and plays it: its length is known.
  await expect(page.getByRole("status").filter({ hasText: /^Speaking: / })).toHaveText(
    /^Speaking: [1-9]\.\d s of audio from the server, decoded in this browser\.$/,
  );
  await expect(page.getByRole("status").filter({ hasText: /^Done\.$/ })).toBeVisible({ timeout: 10_000 });
  // The chosen rate is the person's: kept on the account.
  await expect
    .poll(async () => (await (await page.request.get("/api/preferences/audio")).json()).value?.rate)
    .toBe(1.3);
});

test("'Read replies aloud' in the console: each new reply is spoken while it is on, and the setting is kept", async ({
  page,
  provider,
}) => {
  const ui = await ConsolePage.openAsNewUser(page);
  const toggle = page.getByRole("button", { name: "Read replies aloud" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect
    .poll(
      async () => (await (await page.request.get("/api/preferences/audio")).json()).value?.readRepliesAloud,
    )
    .toBe(true);

  provider.script({ kind: "text", chunks: ["The **answer** is ", "forty-two."] });
  const spoken = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/speech");
  await ui.message.fill("What is the answer?");
  await ui.message.press("Enter");
  const response = await spoken;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({ text: "The answer is forty-two." });

  await page.reload();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect
    .poll(
      async () => (await (await page.request.get("/api/preferences/audio")).json()).value?.readRepliesAloud,
    )
    .toBe(false);
  const requests: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/speech") requests.push(r.postData() ?? "");
  });
  provider.script({ kind: "text", chunks: ["Quiet now."] });
  await ui.message.fill("And now?");
  await ui.message.press("Enter");
  await expect(ui.messages.getByText("Quiet now.")).toBeVisible();
  await page.waitForTimeout(500);
  expect(requests).toEqual([]);
});

test("System Modules: Audio I/O is active with the microphone, the server's voice and the provider's transcription", async ({
  page,
}) => {
  const ui = await ConsolePage.openAsNewUser(page);
  const audio = ui.modules.getByRole("listitem").filter({ hasText: "Audio I/O" });
  await expect(audio).toContainText(
    "Microphone available; the server's voice (no browser voices); transcription by your provider.",
  );
  await expect(audio).toContainText("Active");
});

test("the Audio I/O page has no serious axe violations (light and dark) and fits 360 px", async ({
  page,
}) => {
  await openAudio(page);
  await record(page, 1200);
  for (const theme of ["light", "dark"] as const) {
    await chooseTheme(page, theme);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/dashboard/audio");
    await expect(recordings(page)).toHaveCount(1);
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
  }
});
