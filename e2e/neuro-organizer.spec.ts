import type { Page } from "@playwright/test";
import { syncStatus } from "./support/apps";
import { expect, test } from "./support/signed-in";
import { chooseTheme, scrollsSideways, seriousViolations, toasts } from "./support/ui";

/** Visual Organizer (issue 16): To Do / Doing / Done, moves both ways, keyboard moves, per account. */
test.describe.configure({ timeout: 60_000 });

const list = (page: Page, name: "To Do" | "Doing" | "Done") =>
  page.getByRole("region", { name: new RegExp(`^${name}`) });
const task = (page: Page, text: string) => page.getByRole("listitem").filter({ hasText: text });

async function openOrganizer(page: Page) {
  await page.goto("/neuro-equality/organizer");
  await expect(page.getByRole("heading", { level: 1, name: "Visual Organizer" })).toBeVisible();
  await expect(syncStatus(page)).toHaveText("Saved");
}

async function addTask(page: Page, text: string) {
  await page.getByLabel("New task").fill(text);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(list(page, "To Do").getByText(text, { exact: true })).toBeVisible();
}

test("new tasks go to To Do, blank is ignored; tasks move forward and back (none past Done, none before To Do); delete; kept per account", async ({
  page,
  browser,
  baseURL,
}) => {
  await openOrganizer(page);
  const before = await page.getByRole("listitem").count();
  await expect(list(page, "To Do").getByRole("heading", { name: /^To Do/ })).toBeVisible();
  await expect(list(page, "Doing").getByRole("heading", { name: /^Doing/ })).toBeVisible();
  await expect(list(page, "Done").getByRole("heading", { name: /^Done/ })).toBeVisible();

  const input = page.getByLabel("New task");
  await input.fill("   ");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Type a task first: an empty task is not added.")).toBeVisible();
  await expect(page.getByRole("listitem")).toHaveCount(before);

  await addTask(page, "Pack bag");
  await input.fill("Call Sam");
  await input.press("Enter");
  await expect(input).toHaveValue("");
  await expect(list(page, "To Do").getByText("Call Sam", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: 'Move "Pack bag" to Done' })).toHaveCount(0);
  await expect(task(page, "Pack bag").getByRole("button", { name: /^Move/ })).toHaveCount(1);

  await page.getByRole("button", { name: 'Move "Pack bag" to Doing' }).click();
  await expect(list(page, "Doing").getByText("Pack bag")).toBeVisible();
  await page.getByRole("button", { name: 'Move "Pack bag" to Done' }).click();
  const done = list(page, "Done");
  await expect(done.getByText("Pack bag")).toBeVisible();
  await expect(task(page, "Pack bag").getByRole("button", { name: /^Move/ })).toHaveCount(1);
  await expect(
    task(page, "Pack bag").getByRole("button", { name: 'Move "Pack bag" to Doing' }),
  ).toBeVisible();
  await page.getByRole("button", { name: 'Move "Pack bag" to Doing' }).click();
  await expect(list(page, "Doing").getByText("Pack bag")).toBeVisible();
  await page.getByRole("button", { name: 'Move "Pack bag" to To Do' }).click();
  await expect(list(page, "To Do").getByText("Pack bag")).toBeVisible();
  await page.getByRole("button", { name: 'Move "Pack bag" to Doing' }).click();

  // A delete can be undone from its toast: the task comes back where it was.
  const board = page.getByRole("main");
  await page.getByRole("button", { name: 'Delete "Call Sam"' }).click();
  await expect(board.getByText("Call Sam")).toHaveCount(0);
  await expect(toasts(page).getByText("“Call Sam” was deleted.")).toBeVisible();
  await toasts(page).getByRole("button", { name: "Undo" }).click();
  await expect(list(page, "To Do").getByText("Call Sam", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: 'Delete "Call Sam"' }).click();
  await expect(board.getByText("Call Sam")).toHaveCount(0);
  await expect(syncStatus(page)).toHaveText("Saved");

  await page.reload();
  await expect(list(page, "Doing").getByText("Pack bag")).toBeVisible();
  await expect(board.getByText("Call Sam")).toHaveCount(0);

  const other = await browser.newContext({ baseURL, storageState: await page.context().storageState() });
  const second = await other.newPage();
  await second.addInitScript(() => window.localStorage.clear());
  await openOrganizer(second);
  await expect(list(second, "Doing").getByText("Pack bag")).toBeVisible();
  await expect(second.getByText("Call Sam")).toHaveCount(0);
  await second.getByRole("button", { name: 'Delete "Pack bag"' }).click();
  await expect(syncStatus(second)).toHaveText("Saved");
  await other.close();
});

test("keyboard: Alt+Right and Alt+Left move the focused task, focus stays on it; the keys are listed on screen", async ({
  page,
}) => {
  await openOrganizer(page);
  await expect(
    page.getByText("Alt+Right arrow moves it forward and Alt+Left arrow moves it back"),
  ).toBeVisible();
  await addTask(page, "Read chapter");
  const item = task(page, "Read chapter");
  await item.focus();
  await page.keyboard.press("Alt+ArrowLeft");
  await expect(list(page, "To Do").getByText("Read chapter")).toBeVisible();
  await page.keyboard.press("Alt+ArrowRight");
  await expect(list(page, "Doing").getByText("Read chapter")).toBeVisible();
  await expect(task(page, "Read chapter")).toBeFocused();
  await page.keyboard.press("Alt+ArrowRight");
  await expect(list(page, "Done").getByText("Read chapter")).toBeVisible();
  await expect(task(page, "Read chapter")).toBeFocused();
  await page.keyboard.press("Alt+ArrowRight");
  await expect(list(page, "Done").getByText("Read chapter")).toBeVisible();
  await page.keyboard.press("Alt+ArrowLeft");
  await expect(list(page, "Doing").getByText("Read chapter")).toBeVisible();
  await expect(task(page, "Read chapter")).toBeFocused();
  await page.keyboard.press("Alt+ArrowLeft");
  await expect(list(page, "To Do").getByText("Read chapter")).toBeVisible();
  await expect(task(page, "Read chapter")).toBeFocused();

  // A task's buttons move it too, and the keyboard goes on from the moved task.
  await task(page, "Read chapter")
    .getByRole("button", { name: 'Move "Read chapter" to Doing' })
    .press("Enter");
  await expect(list(page, "Doing").getByText("Read chapter")).toBeVisible();
  await expect(task(page, "Read chapter")).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(list(page, "To Do").getByText("Read chapter")).toBeVisible();
  await task(page, "Read chapter").getByRole("button", { name: 'Delete "Read chapter"' }).click();
  await expect(syncStatus(page)).toHaveText("Saved");
});

for (const theme of ["light", "dark"] as const) {
  test(`Visual Organizer has no serious axe violations (${theme}) and works at 360 px`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await chooseTheme(page, theme);
    await page.setViewportSize({ width: 360, height: 740 });
    await openOrganizer(page);
    await addTask(page, `A rather long task name to wrap at ${theme} width`);
    await page.getByRole("button", { name: /^Move "A rather long task name.*" to Doing$/ }).click();
    await page.getByLabel("New task").fill(" ");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByText("Type a task first")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    await page.getByRole("button", { name: /^Delete "A rather long/ }).click();
    await expect(syncStatus(page)).toHaveText("Saved");
  });
}
