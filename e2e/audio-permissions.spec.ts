import { type Browser, chromium, expect, type Page, test } from "@playwright/test";
import { ConsolePage } from "./pages/console-page";
import { signedInAccount } from "./support/accounts";
import { CHROMIUM_PATH, chromiumArgs } from "./support/chromium";

/**
 * Audio I/O where the microphone cannot be used, on the shared server (no speech-to-text
 * provider). Each case launches its own Chromium: without the flag that accepts the permission
 * prompt (so the request is refused, as when a person blocks it), or without a fake device (no
 * microphone at all). Other specs keep the suite's browser.
 */
test.describe.configure({ timeout: 60_000 });

const FAKE_UI = "--use-fake-ui-for-media-stream";
const FAKE_DEVICE = "--use-fake-device-for-media-stream";

async function audioPageIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await signedInAccount(page);
  await page.goto("/dashboard/audio");
  await expect(page.getByRole("heading", { level: 1, name: "Audio I/O" })).toBeVisible();
  return page;
}

async function launchWithout(flag: string): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs.filter((arg) => arg !== flag) });
}

test("the microphone refused: a clear message, nothing recorded; and nothing is kept", async () => {
  const browser = await launchWithout(FAKE_UI);
  try {
    const page = await audioPageIn(browser);
    await page.getByRole("button", { name: "Record", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Microphone access was denied. Allow the microphone for this site in your browser's site settings, then try again.",
    );
    await expect(page.getByRole("button", { name: "Record", exact: true })).toBeEnabled();
    await expect(page.getByRole("timer", { name: "Elapsed time" })).toHaveText("0:00");
    await expect(page.getByText("No recordings yet")).toBeVisible();
    expect(await (await page.request.get("/api/audio/recordings")).json()).toEqual([]);
  } finally {
    await browser.close();
  }
});

test("no microphone at all: says none was found; the console's Audio I/O module says so too", async () => {
  const browser = await launchWithout(FAKE_DEVICE);
  try {
    const page = await audioPageIn(browser);
    await page.getByRole("button", { name: "Record", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "No microphone was found. Connect one (or check that it is switched on) and try again.",
    );
    const dashboard = new ConsolePage(page);
    await dashboard.goto("/dashboard");
    const audio = dashboard.modules.getByRole("listitem").filter({ hasText: "Audio I/O" });
    await expect(audio).toContainText(
      "No microphone found; the server's voice (no browser voices); no transcription provider.",
    );
    await expect(audio).toContainText("Warning");
  } finally {
    await browser.close();
  }
});

test("without a speech-to-text provider, Transcribe says what is missing and where to set it up", async ({
  page,
}) => {
  await signedInAccount(page);
  await page.goto("/dashboard/audio");
  await page.getByRole("button", { name: "Record", exact: true }).click();
  await page.waitForTimeout(1200);
  await page.getByRole("button", { name: "Stop", exact: true }).first().click();
  const item = page.getByRole("list", { name: "Recordings" }).getByRole("listitem");
  await expect(item).toHaveCount(1);
  const transcribe = item.getByRole("button", { name: /^Transcribe/ });
  await expect(transcribe).toBeDisabled();
  await expect(transcribe).toHaveAccessibleDescription(
    "Transcription needs a speech-to-text provider: add an OpenAI API key, or the address of an OpenAI-compatible server that offers audio/transcriptions (such as Whisper), in Settings.",
  );
  await page
    .getByText(/^Transcription needs/)
    .getByRole("link", { name: "Settings" })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
});
