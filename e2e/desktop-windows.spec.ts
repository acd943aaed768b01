import { expect, type Page, test } from "@playwright/test";
import { signedInAccount } from "./support/accounts";

/** Windows on /desktop keep the person on the desktop and fit the screen they are shown on. */
test.describe.configure({ timeout: 90_000 });

const windowOf = (page: Page, title: string) => page.getByRole("region", { name: `${title} window` });

async function openFromLauncher(page: Page, title: string) {
  await page.getByRole("button", { name: "All Apps" }).click();
  await page.getByRole("dialog", { name: "All Apps" }).getByLabel("Search apps").fill(title);
  await page.keyboard.press("Enter");
  await expect(windowOf(page, title)).toBeVisible();
}

test("a Back or Home link inside a window opens its target in a window; the tab stays on the desktop", async ({
  page,
}) => {
  await signedInAccount(page);
  await page.goto("/desktop");
  await openFromLauncher(page, "Vector Search");
  await windowOf(page, "Vector Search").getByRole("link", { name: "Back" }).click();
  const console = windowOf(page, "System Console");
  await expect(console).toBeVisible();
  await expect(console.getByRole("textbox").first()).toBeVisible();
  await expect(page).toHaveURL(/\/desktop$/);

  await page
    .getByRole("list", { name: "Desktop apps" })
    .getByRole("button", { name: "NeuroEquality OS" })
    .dblclick();
  await windowOf(page, "NeuroEquality OS").getByRole("link", { name: "Home" }).click();
  // The console's window (a single one) comes to the top again.
  await expect(console).toHaveAttribute("data-focused", "true");
  await expect(page).toHaveURL(/\/desktop$/);
  await expect(page.getByTestId("desktop-window")).toHaveCount(3);
});

test("Analytics lays itself out for its 800 px window, not for the wide screen", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signedInAccount(page);
  // A log entry with a long unbroken name, as a file of generated data has.
  const name = `${"measurements_2026_11_27_sensor_readings_".repeat(4)}export.csv`;
  const saved = await page.request.put("/api/files/content", {
    data: { path: `/home/user/${name}`, content: "a,b" },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await page.goto("/desktop");
  await openFromLauncher(page, "Analytics");
  const win = windowOf(page, "Analytics");
  await expect(win.getByRole("region", { name: "CPU" })).toBeVisible({ timeout: 15_000 });
  await expect(win.getByRole("region", { name: "Execution log" }).getByText(name).first()).toBeVisible();
  const overflow = await win.evaluate((el) => {
    const edge = el.getBoundingClientRect().right;
    const content = el.querySelector("header + div") as HTMLElement;
    const sticking = Array.from(el.querySelectorAll("*"))
      .filter((child) => child.getBoundingClientRect().right > edge + 0.5)
      .map((child) => `${child.tagName.toLowerCase()}.${child.className}`.slice(0, 80));
    return { sideways: content.scrollWidth > content.clientWidth, sticking };
  });
  expect(overflow).toEqual({ sideways: false, sticking: [] });
  // Three panels side by side need more than 800 px: the window shows two.
  const panels = win.locator("section[aria-label]").filter({ has: page.locator("svg") });
  const tops = await panels.evaluateAll((all) => all.slice(0, 3).map((p) => p.getBoundingClientRect().top));
  expect(tops[2]).toBeGreaterThan(tops[0] ?? 0);
});

test("a window saved far right on a wide screen is within reach on a phone", async ({ page }) => {
  await signedInAccount(page);
  const saved = await page.request.put("/api/preferences/desktop-layout", {
    data: {
      value: {
        windows: [
          {
            id: "wide-1",
            app: "notes-pad",
            x: 1500,
            y: 300,
            width: 800,
            height: 600,
            isMaximized: false,
            isMinimized: false,
            zIndex: 1,
          },
        ],
        focused: "wide-1",
      },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/desktop");
  const win = windowOf(page, "NotesPad");
  await expect(win.getByRole("heading", { level: 1, name: "NotesPad" })).toBeVisible();
  const box = await win.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(box.y + box.height).toBeLessThanOrEqual(740);
  // Its buttons are on screen and work.
  const close = win.getByRole("button", { name: "Close NotesPad" });
  await expect(close).toBeInViewport({ ratio: 1 });
  await close.click();
  await expect(win).toHaveCount(0);
});

test("closing a window that holds unsaved edits asks first: Stay keeps them; a window without any closes at once", async ({
  page,
}) => {
  await signedInAccount(page);
  await page.goto("/desktop");
  await openFromLauncher(page, "PromptCanvas");
  const win = windowOf(page, "PromptCanvas");
  const prompt = win.getByLabel("Prompt", { exact: true });
  await prompt.fill("A draft not saved yet");
  await win.getByRole("button", { name: "Close PromptCanvas" }).click();
  const ask = page.getByRole("dialog", { name: "Close PromptCanvas without saving?" });
  await expect(ask).toContainText("Your changes to the prompt “Untitled Prompt” are not saved.");
  await ask.getByRole("button", { name: "Stay" }).click();
  await expect(ask).toBeHidden();
  await expect(prompt).toHaveValue("A draft not saved yet");
  await win.getByRole("button", { name: "Close PromptCanvas" }).click();
  await ask.getByRole("button", { name: "Close without saving" }).click();
  await expect(win).toHaveCount(0);

  await openFromLauncher(page, "PromptCanvas");
  await windowOf(page, "PromptCanvas").getByRole("button", { name: "Close PromptCanvas" }).click();
  await expect(windowOf(page, "PromptCanvas")).toHaveCount(0);
  await expect(ask).toBeHidden();
});
