import { expect, type Locator, type Page, test } from "@playwright/test";
import { createAccount, signIn } from "./support/accounts";
import { scrollsSideways, seriousViolations } from "./support/ui";

/** /desktop: the registry's apps in windows, the taskbar and the launcher, the layout kept. */
test.describe.configure({ timeout: 90_000 });

const windowOf = (page: Page, title: string) => page.getByRole("region", { name: `${title} window` });
/** A window's place, from its CSS transform (windows move by transform only). */
async function placeOf(win: Locator) {
  const transform = await win.evaluate((el) => (el as HTMLElement).style.transform);
  const [, x, y] = /translate\((-?\d+(?:\.\d+)?)px, (-?\d+(?:\.\d+)?)px\)/.exec(transform) ?? [];
  return { x: Number(x), y: Number(y) };
}
const zOf = (win: Locator) => win.evaluate((el) => Number((el as HTMLElement).style.zIndex));

test("apps open in windows: cascade, focus and z-order, taskbar, maximize, drag and keyboard moves, launcher; the layout comes back", async ({
  page,
  browser,
}) => {
  const account = await createAccount(page.request);
  await signIn(page, account);
  await page.goto("/desktop");
  const grid = page.getByRole("list", { name: "Desktop apps" });
  await expect(grid.getByRole("button")).toHaveText([
    "Files",
    "NotesPad",
    "SmartDoc",
    "LogicSheet",
    "MindPlanner",
    "PromptCanvas",
    "Neuro IDE",
    "Vector Search",
    "NeuroEquality OS",
    "Visual Organizer",
    "Focus Timer",
    "Communication",
    "Visual Calendar",
    "Sensory Tools",
    "Learning Center",
  ]);
  await expect(page.getByTestId("taskbar-clock")).toHaveText(/^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/);

  // Double-click and Enter open; each window hosts the app's real screen; 30 px cascade.
  await grid.getByRole("button", { name: "NotesPad" }).dblclick();
  const notes = windowOf(page, "NotesPad");
  await expect(notes.getByRole("heading", { level: 1, name: "NotesPad" })).toBeVisible();
  await grid.getByRole("button", { name: "Vector Search" }).focus();
  await page.keyboard.press("Enter");
  const search = windowOf(page, "Vector Search");
  await expect(search.getByRole("heading", { level: 1, name: "Vector Search" })).toBeVisible();
  expect(await placeOf(notes)).toEqual({ x: 100, y: 100 });
  expect(await placeOf(search)).toEqual({ x: 130, y: 130 });
  expect(await zOf(search)).toBeGreaterThan(await zOf(notes));

  // Focus raises; relaunching an open app focuses it instead of opening another.
  await notes.locator("header h2").click();
  expect(await zOf(notes)).toBeGreaterThan(await zOf(search));
  await page.getByRole("button", { name: "All Apps" }).click();
  await page.getByRole("dialog", { name: "All Apps" }).getByLabel("Search apps").fill("vec");
  await expect(page.getByRole("dialog").getByRole("list", { name: "Apps" }).getByRole("button")).toHaveText([
    "Vector Search",
  ]);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "All Apps" })).toBeHidden();
  await expect(page.getByTestId("desktop-window")).toHaveCount(2);
  expect(await zOf(search)).toBeGreaterThan(await zOf(notes));

  // The taskbar: the focused window's button is pressed; a click minimizes, another restores.
  const taskbar = page.getByRole("navigation", { name: "Taskbar" });
  const searchButton = taskbar.getByRole("button", { name: "Vector Search", exact: true });
  await expect(searchButton).toHaveAttribute("aria-pressed", "true");
  await searchButton.click();
  await expect(search).toBeHidden();
  await taskbar.getByRole("button", { name: "Vector Search (minimized)" }).click();
  await expect(search).toBeVisible();

  // Drag by the title bar moves it; maximized, it does not move.
  const before = await placeOf(search);
  const bar = search.locator("header");
  const box = await bar.boundingBox();
  if (!box) throw new Error("no title bar");
  await page.mouse.move(box.x + 60, box.y + 15);
  await page.mouse.down();
  await page.mouse.move(box.x + 160, box.y + 75, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => placeOf(search)).toEqual({ x: before.x + 100, y: before.y + 60 });
  await search.getByRole("button", { name: "Maximize Vector Search" }).click();
  await expect(search.getByRole("button", { name: "Restore Vector Search" })).toBeVisible();
  expect(await search.evaluate((el) => (el as HTMLElement).style.width)).toBe("100%");
  await search.getByRole("button", { name: "Restore Vector Search" }).click();

  // The keyboard: move mode, arrows move by 20 px, Shift+arrows resize.
  await search.getByRole("button", { name: /^Move Vector Search/ }).click();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => placeOf(search)).toEqual({ x: before.x + 120, y: before.y + 80 });
  await page.keyboard.press("Shift+ArrowRight");
  await expect.poll(() => search.evaluate((el) => (el as HTMLElement).style.width)).toBe("820px");
  await page.keyboard.press("Escape");

  // Alt+` switches windows.
  await page.keyboard.press("Alt+Backquote");
  await expect(taskbar.getByRole("button", { name: "NotesPad", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  expect(await seriousViolations(page)).toEqual([]);

  // The layout is kept on the server: a fresh browser signed in as the same person sees it.
  // Once the last move is saved (a pause after it; longer on a loaded machine).
  await expect
    .poll(
      async () => {
        const stored = await page.request.get("/api/preferences/desktop-layout");
        const windows: { x: number; y: number; app: string }[] = (await stored.json()).value?.windows ?? [];
        return windows.map((w) => (w.app === "vector-search" ? `${w.app} ${w.x},${w.y}` : w.app)).sort();
      },
      { timeout: 15_000 },
    )
    .toEqual(["notes-pad", `vector-search ${before.x + 120},${before.y + 80}`]);
  const fresh = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const other = await fresh.newPage();
  await signIn(other, account);
  await other.goto("/desktop");
  await expect(other.getByTestId("desktop-window")).toHaveCount(2);
  expect(await placeOf(windowOf(other, "Vector Search"))).toEqual({ x: before.x + 120, y: before.y + 80 });
  await fresh.close();

  // Closing hands the keyboard back to the taskbar.
  await notes.getByRole("button", { name: "Close NotesPad" }).click();
  await search.getByRole("button", { name: "Close Vector Search" }).click();
  await expect(page.getByTestId("desktop-window")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "All Apps" })).toBeFocused();
});

test("on a phone-width screen windows open maximized; no sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, await createAccount(page.request));
  await page.goto("/desktop");
  await page
    .getByRole("list", { name: "Desktop apps" })
    .getByRole("button", { name: "MindPlanner" })
    .dblclick();
  const win = windowOf(page, "MindPlanner");
  await expect(win.getByRole("button", { name: "Restore MindPlanner" })).toBeVisible();
  // The taskbar folds its window buttons into the launcher.
  const taskbar = page.getByRole("navigation", { name: "Taskbar" });
  await expect(taskbar.getByRole("list", { name: "Open windows" })).toBeHidden();
  await win.getByRole("button", { name: "Minimize MindPlanner" }).click();
  await expect(win).toBeHidden();
  await taskbar.getByRole("button", { name: "All Apps" }).click();
  await page
    .getByRole("dialog", { name: "All Apps" })
    .getByRole("button", { name: "MindPlanner" })
    .first()
    .click();
  await expect(win).toBeVisible();
  await expect.poll(() => scrollsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
});

test("system apps: Terminal windows are separate shells, each reattached after a reload; Settings opens in a window", async ({
  page,
}) => {
  await signIn(page, await createAccount(page.request));
  await page.goto("/desktop");
  const openFromLauncher = async (name: string) => {
    await page.getByRole("button", { name: "All Apps" }).click();
    await page.getByRole("dialog", { name: "All Apps" }).getByRole("button", { name }).click();
  };
  await openFromLauncher("Terminal");
  const first = page.getByRole("region", { name: "Terminal window" });
  await expect(first.getByTestId("terminal-status")).toHaveText("Connected", { timeout: 15_000 });
  await first.locator(".xterm-screen").click();
  await page.keyboard.type("cd /tmp && echo first-$((2+2))");
  await page.keyboard.press("Enter");
  await expect(first.locator(".xterm-rows")).toContainText("first-4");

  await first.getByRole("button", { name: "New Terminal window" }).click();
  const windows = page.getByRole("region", { name: "Terminal window" });
  await expect(windows).toHaveCount(2);
  const second = windows.nth(1);
  await expect(second.getByTestId("terminal-status")).toHaveText("Connected", { timeout: 15_000 });
  await second.locator(".xterm-screen").click();
  await page.keyboard.type("pwd");
  await page.keyboard.press("Enter");
  // A shell of its own: it starts in the workspace, not where the first one went.
  await expect(second.locator(".xterm-rows")).toContainText("/home/user");
  await expect(second.locator(".xterm-rows")).not.toContainText("first-4");

  await page.waitForTimeout(600); // the layout is saved after a pause
  await page.reload();
  await expect(windows).toHaveCount(2);
  for (const i of [0, 1])
    await expect(windows.nth(i).getByTestId("terminal-status")).toHaveText("Connected (reattached)", {
      timeout: 15_000,
    });
  await expect(windows.nth(0).locator(".xterm-rows")).toContainText("first-4");

  await openFromLauncher("Settings");
  await expect(
    page
      .getByRole("region", { name: "Settings window" })
      .getByRole("heading", { level: 1, name: "Settings" }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("two windows of one note stay in step: an edit in one shows in the other, and either saves without a conflict", async ({
  page,
}) => {
  await signIn(page, await createAccount(page.request));
  await page.goto("/desktop");
  await page.getByRole("list", { name: "Desktop apps" }).getByRole("button", { name: "NotesPad" }).dblclick();
  const windows = page.getByRole("region", { name: "NotesPad window" });
  const status = (i: number) =>
    windows
      .nth(i)
      .getByRole("status")
      .filter({ hasText: /Saved|Saving|Unsaved|Loading|device/ });
  await expect(status(0)).toHaveText("Saved");
  await windows.nth(0).getByLabel("Note", { exact: true }).fill("Shared shopping list: eggs");
  await expect(status(0)).toHaveText("Saved");
  await windows.nth(0).getByRole("button", { name: "New NotesPad window" }).click();
  await expect(windows).toHaveCount(2);
  await expect(windows.nth(1).getByLabel("Note", { exact: true })).toHaveValue("Shared shopping list: eggs");

  await windows.nth(1).getByLabel("Note", { exact: true }).fill("Shared shopping list: eggs, milk");
  await expect(windows.nth(0).getByLabel("Note", { exact: true })).toHaveValue(
    "Shared shopping list: eggs, milk",
  );
  await expect(status(1)).toHaveText("Saved");
  await windows.nth(0).getByLabel("Note", { exact: true }).fill("Shared shopping list: eggs, milk, bread");
  await expect(status(0)).toHaveText("Saved");
  await expect(windows.nth(1).getByLabel("Note", { exact: true })).toHaveValue(
    "Shared shopping list: eggs, milk, bread",
  );
  await expect(status(1)).toHaveText("Saved");
});
