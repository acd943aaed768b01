import { expect, type Page } from "@playwright/test";
import { openApp, serverDocument, syncStatus } from "./support/apps";
import { test } from "./support/with-provider";

/** An app document edited on two devices, or saved while answers were lost: merged, not a conflict. */
test.describe.configure({ timeout: 90_000 });

const LINES = "one\ntwo\nthree\nfour\nfive";
const note = (page: Page) => page.getByLabel("Note", { exact: true });
const conflict = (page: Page) => page.getByRole("alert").filter({ hasText: "changed elsewhere" });

test("changes to different lines made here (offline) and on another device are merged without asking", async ({
  page,
}) => {
  await openApp(page, "notes-pad", "NotesPad");
  await note(page).fill(LINES);
  await expect(syncStatus(page)).toHaveText("Saved");
  // This device is cut off while it edits the first line; another one edits the last.
  await page.route("**/api/documents/*", (route) =>
    route.request().method() === "PUT" ? route.abort("connectionreset") : route.continue(),
  );
  await note(page).fill(LINES.replace("one", "one (here)"));
  await expect(syncStatus(page)).toContainText("Not saved yet");
  const stored = await serverDocument(page, "notes");
  const other = await page.request.put(`/api/documents/${stored.id}`, {
    data: { version: stored.version, content: LINES.replace("five", "five (other device)") },
  });
  expect(other.ok()).toBe(true);

  await page.unrouteAll({ behavior: "ignoreErrors" });
  await expect(syncStatus(page)).toHaveText("Saved", { timeout: 20_000 });
  const merged = "one (here)\ntwo\nthree\nfour\nfive (other device)";
  await expect(note(page)).toHaveValue(merged);
  await expect(conflict(page)).toHaveCount(0);
  expect((await serverDocument(page, "notes"))?.content).toBe(merged);
});

test("a save whose answer was lost (the server stored it) is no conflict after a reload", async ({
  page,
}) => {
  await openApp(page, "notes-pad", "NotesPad");
  await note(page).fill("first");
  await expect(syncStatus(page)).toHaveText("Saved");
  // The network drops every answer: the saves arrive, the page never hears back.
  await page.route("**/api/documents/*", async (route) => {
    if (route.request().method() !== "PUT") return route.continue();
    await route.fetch();
    await route.abort("connectionreset");
  });
  await note(page).fill("written while the answers were lost");
  await expect(syncStatus(page)).toContainText("Not saved yet");
  expect((await serverDocument(page, "notes"))?.content).toBe("written while the answers were lost");

  await page.unrouteAll({ behavior: "ignoreErrors" });
  // The edit is not known to be on the server: the page asks before it reloads.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
  await expect(syncStatus(page)).toHaveText("Saved");
  await expect(note(page)).toHaveValue("written while the answers were lost");
  await expect(conflict(page)).toHaveCount(0);
});

test("two tabs on one document: a save in one shows in the other at once, both ways", async ({
  page,
  context,
}) => {
  await openApp(page, "notes-pad", "NotesPad");
  await note(page).fill("from tab A");
  await expect(syncStatus(page)).toHaveText("Saved");
  const other = await context.newPage();
  await other.goto("/dashboard/apps/notes-pad");
  await expect(note(other)).toHaveValue("from tab A");
  await expect(syncStatus(other)).toHaveText("Saved");

  await note(page).fill("from tab A, edited");
  await expect(syncStatus(page)).toHaveText("Saved");
  await expect(note(other)).toHaveValue("from tab A, edited");
  await note(other).fill("from tab B");
  await expect(syncStatus(other)).toHaveText("Saved");
  await expect(note(page)).toHaveValue("from tab B");
  await expect(conflict(page)).toHaveCount(0);
  await expect(conflict(other)).toHaveCount(0);
});
