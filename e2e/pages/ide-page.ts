import { expect, type Page } from "@playwright/test";
import { createAccount, signIn } from "../support/accounts";

/** Signs a new account in and opens Neuro IDE; the handles its tests use. */
export async function openIde(page: Page) {
  await signIn(page, await createAccount(page.request));
  await page.goto("/ide");
  // The editor's chunk loads on first use: slow on a busy 2-core machine.
  await expect(page.getByRole("heading", { level: 1, name: "Neuro IDE" })).toBeVisible({ timeout: 30_000 });
  const tree = page.getByRole("tree", { name: "Workspace files" });
  await expect(tree.getByRole("treeitem", { name: "index.ts" })).toBeVisible();
  return {
    tree,
    file: (name: string) => tree.getByRole("treeitem", { name, exact: true }),
    tab: (name: string) =>
      page
        .getByRole("list", { name: "Open files" })
        .getByRole("button", { name: new RegExp(`^${name.replace(".", "\\.")}`) }),
    editor: page.locator(".cm-content"),
    /** Opens a file from the tree and waits until its tab is the active one. */
    open: async (name: string) => {
      await tree.getByRole("treeitem", { name, exact: true }).click();
      await expect(
        page
          .getByRole("list", { name: "Open files" })
          .getByRole("button", { name: new RegExp(`^${name.replace(".", "\\.")}`) }),
      ).toHaveAttribute("aria-current", "true");
    },
    output: page.getByTestId("run-output"),
    run: page.getByRole("button", { name: "Run", exact: true }),
    save: page.getByRole("button", { name: "Save", exact: true }),
  };
}

/** Writes a workspace file through the files API (as the agent or another tab would). */
export async function writeFile(page: Page, path: string, content: string) {
  expect((await page.request.put("/api/files/content", { data: { path, content } })).ok()).toBe(true);
}
