import { expect, type Page } from "@playwright/test";
import { createAccount, signIn } from "./accounts";

/** Where an app's open document stands (the frame's sync line). */
export const syncStatus = (page: Page) =>
  page.getByRole("status").filter({
    hasText: /^(Saved|Saving\.\.\.|Unsaved changes|Loading\.\.\.|Saved on this device.*|Not saved.*)$/,
  });

/** Signs a new person in and opens one of the apps, its document loaded. */
export async function openApp(page: Page, slug: string, heading: string): Promise<void> {
  await signIn(page, await createAccount(page.request));
  await page.goto(`/dashboard/apps/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expect(syncStatus(page)).toHaveText("Saved");
}

/** The newest document of a kind, as the server has it. */
export async function serverDocument(page: Page, kind: string) {
  const list = await (await page.request.get(`/api/documents?kind=${kind}`)).json();
  if (list.length === 0) return null;
  return (await page.request.get(`/api/documents/${list[0].id}`)).json();
}

/** A file the page downloads when `click` runs: its name and bytes. */
export async function download(page: Page, click: () => Promise<void>) {
  const waiting = page.waitForEvent("download");
  await click();
  const file = await waiting;
  const path = await file.path();
  const { readFile } = await import("node:fs/promises");
  return { name: file.suggestedFilename(), bytes: new Uint8Array(await readFile(path)) };
}
