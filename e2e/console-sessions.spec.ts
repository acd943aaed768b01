import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { ConsolePage } from "./pages/console-page";
import { chooseTheme, scrollsSideways, seriousViolations, toasts } from "./support/ui";

type Session = { id: string; title: string; pinnedAt: string | null; archivedAt: string | null };
type Message = { role: string; content: string; parentId: string | null };

/** A session with messages, stored through the import endpoint (no model needed). */
async function seed(page: Page, title: string, texts: string[]): Promise<Session> {
  let previous: string | null = null;
  const messages = texts.map((content, i) => {
    const message = {
      id: `m${i}`,
      parentId: previous,
      role: i % 2 === 0 ? "user" : "assistant",
      content,
      metadata: {},
      timestamp: new Date(Date.now() - (texts.length - i) * 1000).toISOString(),
    };
    previous = message.id;
    return message;
  });
  const res = await page.request.post("/api/sessions/import", {
    data: { format: "neuroos-session", version: 1, session: { title }, messages, headId: previous },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

const sidebarOf = (page: Page) => page.getByRole("complementary", { name: "Sessions" });
const menuOf = (page: Page, title: string) => page.getByRole("menu", { name: `Actions for ${title}` });
const messagesOf = async (page: Page, id: string): Promise<Message[]> =>
  (await (await page.request.get(`/api/sessions/${id}/messages`)).json()).map((m: Message) => ({
    role: m.role,
    content: m.content,
  }));

test("the sessions sidebar: search, rename, pin, archive, delete and undo, export and import, keyboard, axe", async ({
  page,
}) => {
  // A new account, seeded sessions, a reload per theme and two axe runs: long on a 2-core machine.
  test.setTimeout(120_000);
  const ui = await ConsolePage.openAsNewUser(page);
  await seed(page, "Budget review", ["Summarise the quarterly spreadsheet", "Revenue grew by 4 percent."]);
  const travel = await seed(page, "Travel plans", [
    "Where should we go in spring?",
    "A few ideas.\nConsider Lisbon: mild weather and great food.\nOr Porto.",
  ]);
  const sidebar = sidebarOf(page);
  // Imported sessions reach the open console through its live channel, newest first.
  await expect(sidebar.getByRole("button", { name: "Travel plans", exact: true })).toBeVisible();
  await expect(sidebar.getByRole("region", { name: "Today" }).getByRole("listitem")).toHaveText([
    "Travel plans",
    "Budget review",
    "New Session",
  ]);

  // Search by the prefix of a word in a message: the result shows its line; a click opens it.
  const search = sidebar.getByRole("searchbox", { name: "Search sessions" });
  await search.fill("lisb");
  const results = sidebar.getByRole("list", { name: "Search results" });
  await expect(results.getByRole("listitem")).toHaveCount(1);
  await expect(results).toContainText("Consider Lisbon: mild weather and great food.");
  await expect(sidebar.getByRole("status")).toHaveText("1 result");
  // Enter in the search box opens the best match (a click on a result does too).
  await search.press("Enter");
  await expect(ui.sessionSelect).toHaveValue(travel.id);
  await expect(ui.messages.getByText("Where should we go in spring?")).toBeVisible();
  await search.fill("summ quarter");
  await expect(results).toContainText("Summarise the quarterly spreadsheet");
  await results.getByRole("button", { name: /Budget review/ }).click();
  await expect(ui.messages.getByText("Revenue grew by 4 percent.")).toBeVisible();
  await search.fill("nothing-like-this");
  await expect(sidebar.getByRole("status")).toHaveText("No session matches “nothing-like-this”.");
  await search.press("Escape");
  await expect(search).toHaveValue("");

  // Rename from the menu.
  await sidebar.getByRole("button", { name: "Actions for Budget review" }).click();
  await menuOf(page, "Budget review").getByRole("menuitem", { name: "Rename" }).click();
  const rename = page.getByRole("dialog", { name: "Rename session" });
  await rename.getByLabel("Session title").fill("Budget 2027");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(rename).toBeHidden();
  await expect(sidebar.getByRole("button", { name: "Budget 2027", exact: true })).toBeVisible();

  // Keyboard only: the menu opens on Enter with focus on its first item, arrows move, Enter pins.
  const newSessionMenu = sidebar.getByRole("button", { name: "Actions for New Session" });
  await newSessionMenu.focus();
  await page.keyboard.press("Enter");
  const menu = menuOf(page, "New Session");
  await expect(menu.getByRole("menuitem", { name: "Rename" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Pin" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(menu.getByRole("menuitem", { name: "Delete" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(newSessionMenu).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  // Pinned: it leads the list, in its own group.
  await expect(sidebar.getByRole("region", { name: "Pinned" })).toContainText("New Session");
  await expect(sidebar.getByRole("listitem").first()).toHaveText("New Session");
  const listed = (await (await page.request.get("/api/sessions")).json()) as Session[];
  expect(listed[0]).toMatchObject({ title: "New Session", pinnedAt: expect.any(String) });

  // Export as JSON, import the file: an equal session (the same messages).
  await sidebar.getByRole("button", { name: "Actions for Travel plans" }).click();
  const downloading = page.waitForEvent("download");
  await menuOf(page, "Travel plans").getByRole("menuitem", { name: "Export JSON" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("Travel plans.json");
  const file = (await download.path()) as string;
  expect(JSON.parse(await readFile(file, "utf8"))).toMatchObject({ format: "neuroos-session", version: 1 });
  await page.getByLabel("Session file to import").setInputFiles(file);
  await expect(toasts(page).getByText("Travel plans is in your sessions.")).toBeVisible();
  await expect(sidebar.getByRole("button", { name: "Travel plans", exact: true })).toHaveCount(2);
  const copies = ((await (await page.request.get("/api/sessions")).json()) as Session[]).filter(
    (s) => s.title === "Travel plans",
  );
  expect(copies).toHaveLength(2);
  const copy = copies.find((s) => s.id !== travel.id) as Session;
  await expect(ui.sessionSelect).toHaveValue(copy.id);
  expect(await messagesOf(page, copy.id)).toEqual(await messagesOf(page, travel.id));
  // A file that is not JSON is refused in words; nothing is added.
  await page.getByLabel("Session file to import").setInputFiles({
    name: "notes.json",
    mimeType: "application/json",
    buffer: Buffer.from("not json"),
  });
  await expect(
    toasts(page).getByText("notes.json is not JSON. Import a session exported as JSON."),
  ).toBeVisible();

  // Archive: it leaves the list; the archived view shows it.
  await sidebar.getByRole("button", { name: "Actions for Budget 2027" }).click();
  await menuOf(page, "Budget 2027").getByRole("menuitem", { name: "Archive" }).click();
  await expect(sidebar.getByRole("button", { name: "Budget 2027", exact: true })).toBeHidden();
  await sidebar.getByRole("button", { name: "Archived sessions" }).click();
  const archived = sidebar.getByRole("list", { name: "Archived sessions" });
  await expect(archived.getByRole("listitem")).toHaveText(["Budget 2027"]);
  await sidebar.getByRole("button", { name: "Archived sessions" }).click();
  await expect(archived).toBeHidden();

  // Delete, then Undo on the toast: back from the trash.
  await sidebar.getByRole("button", { name: "Actions for Travel plans" }).first().click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Delete" }).click();
  await expect(sidebar.getByRole("button", { name: "Travel plans", exact: true })).toHaveCount(1);
  await toasts(page).getByRole("button", { name: "Undo" }).first().click();
  await expect(sidebar.getByRole("button", { name: "Travel plans", exact: true })).toHaveCount(2);

  // No serious accessibility problem, dark (the default) and light, with a menu open too.
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  expect(await seriousViolations(page)).toEqual([]);
  await chooseTheme(page, "light");
  await page.reload();
  await expect(sidebar.getByRole("button", { name: "Travel plans", exact: true })).toHaveCount(2);
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await sidebar.getByRole("button", { name: "Actions for New Session" }).click();
  await expect(menuOf(page, "New Session")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");

  // Collapsed, it stays collapsed after a reload (kept on the account).
  await sidebar.getByRole("button", { name: "Hide sessions" }).click();
  await expect(sidebar).toBeHidden();
  const show = page.getByRole("button", { name: "Show sessions" });
  await expect(show).toHaveAttribute("aria-expanded", "false");
  // The button that replaced the one pressed has the focus (keyboard users stay in place).
  await expect(show).toBeFocused();
  await expect
    .poll(
      async () => (await (await page.request.get("/api/preferences/console-sessions-sidebar")).json()).value,
    )
    .toEqual({ open: false });
  await page.reload();
  await expect(show).toBeVisible({ timeout: 30_000 });
  await expect(sidebar).toBeHidden();
  await show.click();
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByRole("button", { name: "Hide sessions" })).toBeFocused();
});

test("at 360 px the Chat tab keeps its session list; the sidebar opens as a sheet with search and menus", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const ui = await ConsolePage.openAsNewUser(page);
  await expect(sidebarOf(page)).toHaveCount(0);
  const seeded = await seed(page, "Garden plans", ["Which tomatoes grow in shade?", "Cherry tomatoes do."]);
  await page.getByRole("button", { name: "All sessions" }).click();
  const sheet = page.getByRole("dialog", { name: "Sessions" });
  await expect(sheet).toBeVisible();
  await sheet.getByRole("searchbox", { name: "Search sessions" }).fill("tomat");
  await expect(sheet.getByRole("list", { name: "Search results" })).toContainText(
    "Which tomatoes grow in shade?",
  );
  expect(await scrollsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await sheet.getByRole("searchbox", { name: "Search sessions" }).press("Enter");
  // Opening a session closes the sheet and shows it.
  await expect(sheet).toBeHidden();
  await expect(ui.sessionSelect).toHaveValue(seeded.id);
  await expect(ui.messages.getByText("Cherry tomatoes do.")).toBeVisible();
  await ui.newSession.click();
  await expect.poll(() => ui.sessionTitles()).toEqual(["New Session", "Garden plans", "New Session"]);
  // New sessions start with the person's default agent.
  await expect(page.getByLabel("Agent", { exact: true }).locator("option:checked")).toHaveText(
    "Interpreter (default, safe mode)",
  );
  expect(await scrollsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
});
