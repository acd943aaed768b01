import { expect, type Page, test } from "@playwright/test";
import { sharedSignedInPage } from "./support/shared-page";
import { scrollsSideways, seriousViolations } from "./support/ui";

let page: Page;

sharedSignedInPage((shared) => {
  page = shared;
});

test("Settings lists the remembered facts; they can be added, edited and deleted", async () => {
  // Two axe runs and a reload: more than 30 s on a busy 2-core machine.
  test.setTimeout(60_000);
  await page.goto("/dashboard/settings");
  const section = page.getByRole("region", { name: "Remembered facts" });
  await expect(section).toContainText("Nothing remembered yet.");

  const add = section.getByLabel("Add a fact to remember");
  await add.fill("Prefers metric units");
  await add.press("Enter");
  await add.fill("Works as a nurse in Lyon");
  await section.getByRole("button", { name: "Add", exact: true }).click();
  const list = section.getByRole("list", { name: "Remembered facts" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("listitem").first()).toContainText("Works as a nurse in Lyon");
  await expect(list).toContainText("Added by you");

  // Axe, light and dark, with the list shown.
  expect(await seriousViolations(page), "memory list").toEqual([]);

  await list.getByRole("button", { name: "Edit: Prefers metric units" }).click();
  const edit = list.getByLabel("Edit the fact");
  await expect(edit).toHaveValue("Prefers metric units");
  await edit.fill("Prefers SI units");
  await list.getByRole("button", { name: "Save" }).click();
  await expect(list.getByRole("listitem").filter({ hasText: "Prefers SI units" })).toBeVisible();

  await list.getByRole("button", { name: "Delete: Works as a nurse in Lyon" }).click();
  const dialog = page.getByRole("dialog", { name: "Forget this fact?" });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole("listitem")).toHaveCount(1);

  // Stored on the server: a reload shows the same list.
  await page.reload();
  await expect(page.getByRole("list", { name: "Remembered facts" }).getByRole("listitem")).toHaveText([
    /Prefers SI units/,
  ]);
  await page.getByRole("button", { name: /Switch to (light|dark) theme/ }).click();
  expect(await seriousViolations(page), "memory list, other theme").toEqual([]);
});

test("the memory list is usable at 360 px", async () => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/dashboard/settings");
  await expect(page.getByRole("list", { name: "Remembered facts" })).toBeVisible();
  await expect.poll(() => scrollsSideways(page)).toBe(false);
});
