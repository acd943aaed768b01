import type { Locator, Page } from "@playwright/test";
import { syncStatus } from "./support/apps";
import { expect, test } from "./support/signed-in";
import { chooseTheme, scrollsSideways, seriousViolations } from "./support/ui";

/** Visual Calendar (issue 16). The page's clock starts on Wednesday 12 March 2025, 09:00 local time. */
test.describe.configure({ timeout: 90_000 });

const START = new Date(2025, 2, 12, 9, 0);
const grid = (page: Page) => page.getByRole("table", { name: /2025|2024/ });
const day = (page: Page, n: number, rest: string) =>
  grid(page).getByRole("button", { name: new RegExp(`^${n}, ${rest}`) });
const cell = (page: Page, n: number, rest: string) =>
  grid(page)
    .getByRole("cell")
    .filter({ has: page.getByRole("button", { name: new RegExp(`^${n}, ${rest}`) }) });
const dayPanel = (page: Page, name: string) => page.getByRole("region", { name });

async function openCalendar(page: Page) {
  await page.clock.install({ time: START });
  await page.goto("/neuro-equality/calendar");
  await expect(page.getByRole("heading", { level: 1, name: "Visual Calendar" })).toBeVisible();
  await expect(syncStatus(page)).toHaveText("Saved");
}

async function addEvent(page: Page, event: { title: string; date: string; time: string; category?: string }) {
  await page.getByRole("button", { name: "Add event", exact: true }).click();
  const form = page.getByRole("dialog", { name: "Add event" });
  await form.getByLabel("Title").fill(event.title);
  await form.getByLabel("Date").fill(event.date);
  await form.getByLabel("Time").fill(event.time);
  if (event.category) await form.getByLabel("Category").selectOption(event.category);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toBeHidden();
}

/** Which of the spec's colours a CSS colour is (by its strongest channels). */
async function colourName(locator: Locator): Promise<string> {
  const rgb = await locator.evaluate((el) => getComputedStyle(el).borderLeftColor);
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number);
  if (r > 150 && g > 150 && b < 100) return "yellow";
  if (r > g && r > b) return "red";
  if (b > r && b > g) return "blue";
  if (g > r && g > b) return "green";
  return rgb;
}

test("month grid: weekday headers, today marked; previous / next month and Today", async ({ page }) => {
  await openCalendar(page);
  await expect(page.getByRole("heading", { level: 2, name: "March 2025", exact: true })).toBeVisible();
  await expect(grid(page).getByRole("columnheader")).toHaveText([
    "Sun",
    "Mon",
    "Tue",
    "Wed",
    "Thu",
    "Fri",
    "Sat",
  ]);
  await expect(grid(page).getByRole("row")).toHaveCount(7);
  await expect(grid(page).locator('[aria-current="date"]')).toContainText("12");
  await expect(day(page, 12, "Wednesday 12 March 2025")).toBeVisible();
  await page.getByRole("button", { name: "Next month" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "April 2025", exact: true })).toBeVisible();
  await expect(day(page, 1, "Tuesday 1 April 2025")).toBeVisible();
  for (let i = 0; i < 4; i++) await page.getByRole("button", { name: "Previous month" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "December 2024", exact: true })).toBeVisible();
  await expect(day(page, 25, "Wednesday 25 December 2024")).toBeVisible();
  await page.getByRole("button", { name: "Today" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "March 2025", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Wednesday 12 March 2025" })).toBeVisible();
});

test("save needs a title and a time (else nothing is saved and the missing one is named); default category task; colours per category; a cell shows 2 events then '+N more', which opens the day", async ({
  page,
}) => {
  await openCalendar(page);
  await day(page, 20, "Thursday 20 March 2025").click();
  await page.getByRole("button", { name: "Add event on this day" }).click();
  const form = page.getByRole("dialog", { name: "Add event" });
  await expect(form.getByLabel("Category")).toHaveValue("task");
  await expect(form.getByLabel("Date")).toHaveValue("2025-03-20");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Add a title: it is needed to save.")).toBeVisible();
  await expect(form.getByText("Add a time: it is needed to save.")).toBeVisible();
  await form.getByLabel("Title").fill("Buy stamps");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Add a time: it is needed to save.")).toBeVisible();
  await expect(form.getByText("Add a title: it is needed to save.")).toHaveCount(0);
  await form.getByLabel("Title").fill("  ");
  await form.getByLabel("Time").fill("10:00");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Add a title: it is needed to save.")).toBeVisible();
  await expect(form).toBeVisible();
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(cell(page, 20, "Thursday 20 March").getByRole("button")).toHaveCount(1);
  await expect(page.getByText("No events on this day.")).toBeVisible();

  await addEvent(page, { title: "Buy stamps", date: "2025-03-20", time: "10:00" });
  await addEvent(page, { title: "Dentist", date: "2025-03-20", time: "08:30", category: "appointment" });
  await addEvent(page, { title: "Bins out", date: "2025-03-20", time: "19:00", category: "reminder" });
  await addEvent(page, { title: "Cinema", date: "2025-03-20", time: "20:00", category: "social" });
  const thursday = cell(page, 20, "Thursday 20 March");
  await expect(thursday.getByRole("button", { name: /^(Dentist|Buy stamps|Bins out|Cinema),/ })).toHaveCount(
    2,
  );
  await expect(thursday.getByRole("button", { name: "Dentist, Appointment, 08:30" })).toBeVisible();
  await expect(thursday.getByRole("button", { name: "Buy stamps, Task, 10:00" })).toBeVisible();
  await expect(thursday.getByRole("button", { name: /^\+2 more/ })).toHaveText("+2 more");
  expect(await colourName(thursday.locator('[data-category="appointment"]'))).toBe("red");
  expect(await colourName(thursday.locator('[data-category="task"]'))).toBe("blue");

  await day(page, 12, "Wednesday 12 March").click();
  await thursday.getByRole("button", { name: /^\+2 more/ }).click();
  const panel = dayPanel(page, "Thursday 20 March 2025");
  await expect(panel.getByRole("heading", { name: "Thursday 20 March 2025" })).toBeFocused();
  await expect(panel.getByRole("listitem")).toHaveCount(4);
  for (const [title, category, colour] of [
    ["Dentist", "Appointment", "red"],
    ["Buy stamps", "Task", "blue"],
    ["Bins out", "Reminder", "yellow"],
    ["Cinema", "Social", "green"],
  ] as const) {
    const item = panel.getByRole("listitem").filter({ hasText: title });
    await expect(item).toContainText(category);
    expect(await colourName(item)).toBe(colour);
  }
  await expect(page.getByRole("list", { name: "Event categories" })).toContainText("Appointment (red)");
  await expect(syncStatus(page)).toHaveText("Saved");
  await page.reload();
  await expect(cell(page, 20, "Thursday 20 March").getByRole("button", { name: /^\+2 more/ })).toBeVisible();
});

test("a task toggles completed (dimmed, struck through); edit and delete; kept after a reload", async ({
  page,
}) => {
  await openCalendar(page);
  await addEvent(page, { title: "Water plants", date: "2025-03-25", time: "07:15" });
  await addEvent(page, { title: "Lunch with Ana", date: "2025-03-25", time: "12:30", category: "social" });
  const panel = dayPanel(page, "Tuesday 25 March 2025");
  const task = panel.getByRole("listitem").filter({ hasText: "Water plants" });
  await expect(
    panel.getByRole("listitem").filter({ hasText: "Lunch with Ana" }).getByRole("checkbox"),
  ).toHaveCount(0);
  await task.getByRole("checkbox", { name: "Completed: Water plants" }).check();
  const title = task.getByText("Water plants", { exact: true });
  await expect(title).toHaveCSS("text-decoration-line", "line-through");
  await expect(
    cell(page, 25, "Tuesday 25 March").getByRole("button", { name: "Water plants, Task, 07:15, completed" }),
  ).toHaveCSS("text-decoration-line", "line-through");
  const dimmed = await title.evaluate((el) => getComputedStyle(el).color);
  const normal = await panel
    .getByText("Lunch with Ana", { exact: true })
    .evaluate((el) => getComputedStyle(el).color);
  expect(dimmed).not.toBe(normal);
  await expect(syncStatus(page)).toHaveText("Saved");
  await page.reload();
  await day(page, 25, "Tuesday 25 March").click();
  await expect(task.getByRole("checkbox", { name: "Completed: Water plants" })).toBeChecked();
  await task.getByRole("checkbox", { name: "Completed: Water plants" }).uncheck();
  await expect(title).toHaveCSS("text-decoration-line", "none");

  await panel.getByRole("button", { name: 'Edit "Lunch with Ana"' }).click();
  const form = page.getByRole("dialog", { name: "Edit event" });
  await expect(form.getByLabel("Category")).toHaveValue("social");
  await form.getByLabel("Title").fill("Lunch with Ana and Bo");
  await form.getByLabel("Date").fill("2025-04-02");
  await form.getByLabel("Time").fill("13:00");
  await form.getByLabel("Category").selectOption("appointment");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "April 2025", exact: true })).toBeVisible();
  const moved = dayPanel(page, "Wednesday 2 April 2025")
    .getByRole("listitem")
    .filter({ hasText: "Lunch with Ana and Bo" });
  await expect(moved).toContainText("13:00");
  await expect(moved).toContainText("Appointment");
  // A chip in the grid opens its event to edit.
  await cell(page, 2, "Wednesday 2 April")
    .getByRole("button", { name: /^Lunch with Ana and Bo, Appointment/ })
    .click();
  await expect(page.getByRole("dialog", { name: "Edit event" }).getByLabel("Title")).toHaveValue(
    "Lunch with Ana and Bo",
  );
  await page.getByRole("dialog", { name: "Edit event" }).getByRole("button", { name: "Cancel" }).click();
  await dayPanel(page, "Wednesday 2 April 2025")
    .getByRole("button", { name: 'Delete "Lunch with Ana and Bo"' })
    .click();
  await expect(page.getByText("Lunch with Ana and Bo")).toHaveCount(0);
  await expect(syncStatus(page)).toHaveText("Saved");
  await page.reload();
  await page.getByRole("button", { name: "Next month" }).click();
  await expect(page.getByText("Lunch with Ana and Bo")).toHaveCount(0);
});

test("reminders: asked for on a clear button; the browser's refusal or absence said; once allowed, a notification at the event's time", async ({
  page,
  browser,
  baseURL,
}) => {
  await openCalendar(page);
  await page.getByRole("button", { name: "Allow reminder notifications" }).click();
  await expect(
    page.getByText("The browser refused notifications, so reminders show only here"),
  ).toBeVisible();

  const storageState = await page.context().storageState();
  const bare = await browser.newContext({ baseURL, storageState });
  const without = await bare.newPage();
  await without.addInitScript(() => Reflect.deleteProperty(window, "Notification"));
  await openCalendar(without);
  await expect(
    without.getByText("This browser has no notifications, so reminders show only here"),
  ).toBeVisible();
  await bare.close();

  const allowed = await browser.newContext({ baseURL, storageState, permissions: ["notifications"] });
  const second = await allowed.newPage();
  // Records what the page shows through the browser's own Notification.
  await second.addInitScript(() => {
    const Browser = window.Notification;
    const shown: { title: string; body: string }[] = [];
    Object.assign(window, { shownNotifications: shown });
    window.Notification = class extends Browser {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({ title, body: options?.body ?? "" });
      }
    };
  });
  await openCalendar(second);
  await expect(
    second.getByText("Reminders are on: a notification comes at the time of each event"),
  ).toBeVisible();
  await addEvent(second, { title: "Take pills", date: "2025-03-12", time: "09:05", category: "reminder" });
  await expect(syncStatus(second)).toHaveText("Saved");
  const shown = () =>
    second.evaluate(() => (window as unknown as { shownNotifications: unknown[] }).shownNotifications);
  expect(await shown()).toEqual([]);
  await second.clock.fastForward("06:00");
  await expect
    .poll(shown)
    .toEqual([{ title: "Take pills", body: "Reminder at 09:05, Wednesday 12 March 2025" }]);
  await allowed.close();
});

for (const theme of ["light", "dark"] as const) {
  test(`Visual Calendar has no serious axe violations (${theme}) and works at 360 px`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await chooseTheme(page, theme);
    await page.setViewportSize({ width: 360, height: 740 });
    await openCalendar(page);
    for (const [title, category] of [
      ["Physio appointment", "appointment"],
      ["Tidy the desk", "task"],
      ["Call grandma back", "reminder"],
      ["Board games night", "social"],
    ] as const)
      await addEvent(page, { title: `${title} ${theme}`, date: "2025-03-13", time: "18:00", category });
    await page.getByRole("checkbox", { name: `Completed: Tidy the desk ${theme}` }).check();
    await expect(
      cell(page, 13, "Thursday 13 March").getByRole("button", { name: /^\+\d+ more/ }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    await page.getByRole("button", { name: "Add event", exact: true }).click();
    await page.getByRole("dialog", { name: "Add event" }).getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Add a time: it is needed to save.")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => scrollsSideways(page)).toBe(false);
  });
}
