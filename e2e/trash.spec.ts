import { expect, type Page } from "@playwright/test";
import { createAccount, signIn } from "./support/accounts";
import { openApp, serverDocument, syncStatus } from "./support/apps";
import { seriousViolations, toasts } from "./support/ui";
import { test } from "./support/with-provider";

/** A deleted document can be had back: Undo right after, or from the trash in Files for 30 days. */
test.describe.configure({ timeout: 90_000 });

const note = (page: Page) => page.getByLabel("Note", { exact: true });

async function deleteOpenNote(page: Page) {
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
}

test("Undo on the toast brings a deleted note back; the trash in Files restores one, deletes one for good, and empties", async ({
  page,
}) => {
  await openApp(page, "notes-pad", "NotesPad");
  await page.getByLabel("Title", { exact: true }).fill("Recipe");
  await note(page).fill("Two eggs, a pinch of salt.");
  await expect(syncStatus(page)).toHaveText("Saved");

  await deleteOpenNote(page);
  await expect(
    toasts(page).getByText("Recipe was deleted. It stays in the trash for 30 days."),
  ).toBeVisible();
  await toasts(page).getByRole("button", { name: "Undo" }).click();
  await expect(toasts(page).getByText("Recipe is back.")).toBeVisible();
  await expect(note(page)).toHaveValue("Two eggs, a pinch of salt.");
  await expect(page.getByLabel("Open note").locator("option:checked")).toHaveText("Recipe");
  expect((await serverDocument(page, "notes"))?.content).toBe("Two eggs, a pinch of salt.");

  // Deleted again, then found in the trash under Files.
  await deleteOpenNote(page);
  await expect(toasts(page).getByText(/Recipe was deleted/)).toBeVisible();
  await page.goto("/dashboard/files");
  const trash = page.getByRole("region", { name: "Trash" });
  await expect(trash.getByRole("listitem")).toHaveCount(1);
  await expect(trash).toContainText("Recipe");
  await expect(trash).toContainText("NotesPad");
  await expect(trash).toContainText("gone in 30 days");
  expect(await seriousViolations(page), "the trash").toEqual([]);
  await trash.getByRole("button", { name: "Restore Recipe" }).click();
  await expect(toasts(page).getByText("Recipe is back.")).toBeVisible();
  await expect(trash).toContainText("The trash is empty.");
  expect((await serverDocument(page, "notes"))?.title).toBe("Recipe");

  // Two more deleted: one for good, then the trash emptied.
  for (const title of ["Old list", "Draft"]) {
    const made = await page.request.post("/api/documents", {
      data: { kind: "notes", title, content: title },
    });
    expect((await page.request.delete(`/api/documents/${(await made.json()).id}`)).status()).toBe(204);
  }
  await page.reload();
  await expect(trash.getByRole("listitem")).toHaveText([/Draft/, /Old list/]);
  await trash.getByRole("button", { name: "Delete Draft for good" }).click();
  await expect(trash.getByRole("listitem")).toHaveText([/Old list/]);
  await trash.getByRole("button", { name: "Empty trash" }).click();
  await page
    .getByRole("dialog", { name: "Empty the trash?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(trash).toContainText("The trash is empty.");
  expect(await (await page.request.get("/api/trash")).json()).toEqual([]);
});

test("a chat session deleted in the console waits in the trash in Files; Restore brings it back", async ({
  page,
}) => {
  await signIn(page, await createAccount(page.request));
  const made = await page.request.post("/api/sessions", { data: { title: "Trip plans" } });
  const { id } = await made.json();
  expect((await page.request.delete(`/api/sessions/${id}`)).status()).toBe(204);
  await page.goto("/dashboard/files");
  const trash = page.getByRole("region", { name: "Trash" });
  const item = trash.getByRole("listitem").filter({ hasText: "Trip plans" });
  await expect(item).toContainText("Chat session");
  await trash.getByRole("button", { name: "Restore Trip plans" }).click();
  await expect(toasts(page).getByText("Trip plans is back.")).toBeVisible();
  const sessions = (await (await page.request.get("/api/sessions")).json()) as { id: string }[];
  expect(sessions.map((s) => s.id)).toContain(id);
});
