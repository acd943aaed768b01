import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { sharedSignedInPage } from "./support/shared-page";
import { chooseTheme, holdRequests, scrollsSideways, seriousViolations, toasts } from "./support/ui";

let page: Page;

function row(name: string) {
  return page.getByTestId("file-row").filter({ hasText: name });
}

sharedSignedInPage(
  (shared) => {
    page = shared;
  },
  { acceptDownloads: true },
);

test("Files lists the starter tree, browses folders with breadcrumbs and shows stats", async () => {
  await page.goto("/dashboard/files");
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Open folder projects" })).toBeVisible();
  await expect(page.getByTestId("file-stats")).toContainText(/\d+ files · .* of 100 MB used/);
  await page.getByRole("button", { name: "Open folder projects" }).click();
  await expect(page.getByRole("button", { name: /^View README/ })).toBeVisible();
  await page.getByRole("button", { name: /^View README/ }).click();
  const viewer = page.getByRole("dialog");
  await expect(viewer.getByRole("region", { name: /Preview of README/ })).not.toBeEmpty();
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await page.getByRole("navigation", { name: "Folder path" }).getByRole("button", { name: "home" }).click();
  await expect(page.getByRole("button", { name: "Open folder projects" })).toBeVisible();
});

test("the storage line counts text sent to search with the files, and says how much it is", async () => {
  const sent = await page.request.post("/api/vector/embed", {
    data: { content: "remember this ".repeat(200) },
  });
  expect(sent.ok()).toBe(true);
  await page.goto("/dashboard/files");
  await expect(page.getByTestId("file-stats")).toContainText(
    /\d+ files · .* of 100 MB used \(\d+(\.\d)? KB of it text sent to search\)/,
  );
  expect((await page.request.delete(`/api/vector/embed/${(await sent.json()).id}`)).ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId("file-stats")).not.toContainText("text sent to search");
});

test("an image opens as an image and Markdown as it reads, its source a toggle away", async () => {
  const png1x1 =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
  const put = (path: string, content: string, encoding: "utf8" | "base64") =>
    page.request.put("/api/files/content", { data: { path, content, encoding, overwrite: true } });
  expect((await put("/home/user/pixel.png", png1x1, "base64")).ok()).toBe(true);
  expect((await put("/home/user/plan.md", "# Plan\n\n- **first** step\n", "utf8")).ok()).toBe(true);
  await page.goto("/dashboard/files");

  await page.getByRole("button", { name: /^View pixel\.png/ }).click();
  const viewer = page.getByRole("dialog", { name: "pixel.png" });
  const image = viewer.getByRole("img", { name: "Preview of pixel.png" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: /^View plan\.md/ }).click();
  const md = page.getByRole("dialog", { name: "plan.md" });
  const preview = md.getByRole("region", { name: "Preview of plan.md" });
  await expect(preview.getByRole("heading", { name: "Plan" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("first");
  await md.getByRole("button", { name: "Source" }).click();
  await expect(md.getByRole("region", { name: "Contents of plan.md" })).toContainText("# Plan");
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  for (const path of ["/home/user/pixel.png", "/home/user/plan.md"])
    await page.request.delete(`/api/files?path=${encodeURIComponent(path)}`);
});

test("Files follows changes made elsewhere (another tab, code that ran) without a reload", async () => {
  await page.goto("/dashboard/files");
  await expect(page.getByRole("button", { name: "Open folder projects" })).toBeVisible();
  const written = await page.request.put("/api/files/content", {
    data: { path: "/home/user/from-elsewhere.txt", content: "hi", overwrite: true },
  });
  expect(written.ok()).toBe(true);
  await expect(row("from-elsewhere.txt")).toBeVisible();
  const ran = await page.request.post("/api/sandbox/run", {
    data: { language: "bash", code: "echo made > made-by-code.txt" },
  });
  expect(ran.ok()).toBe(true);
  await expect(row("made-by-code.txt")).toBeVisible();
});

test("a text file opens highlighted with line numbers, and Edit / Save write it", async () => {
  const written = await page.request.put("/api/files/content", {
    data: { path: "/home/user/edit-me.py", content: "print('before')\n", overwrite: true },
  });
  expect(written.ok()).toBe(true);
  await page.goto("/dashboard/files");
  await page.getByRole("button", { name: /^View edit-me.py/ }).click();
  const viewer = page.getByRole("dialog", { name: "edit-me.py" });
  await expect(viewer.getByRole("region", { name: "Contents of edit-me.py" })).toContainText(
    "print('before')",
  );
  await viewer.getByRole("button", { name: "Edit" }).click();
  await viewer.getByRole("textbox", { name: "Contents of edit-me.py" }).fill("print('after')\n");
  await viewer.getByRole("button", { name: "Save" }).click();
  // The open dialog hides the rest of the page from assistive tech (the toast is announced).
  await expect(page.getByText("Saved edit-me.py", { exact: true })).toBeVisible();
  await expect(viewer.getByRole("region", { name: "Contents of edit-me.py" })).toContainText(
    "print('after')",
  );
  const stored = await page.request.get("/api/files/content?path=/home/user/edit-me.py");
  expect((await stored.json()).content).toBe("print('after')\n");
  await page.keyboard.press("Escape");
});

test("uploads two files with a progress bar and lists them; download returns the content", async () => {
  await page.goto("/dashboard/files");
  const release = await holdRequests(page, "**/api/files/upload**");
  await page.getByLabel("Files to upload").setInputFiles([
    { name: "alpha.txt", mimeType: "text/plain", buffer: Buffer.from("alpha content\n") },
    { name: "beta.md", mimeType: "text/markdown", buffer: Buffer.from("# beta\n") },
  ]);
  await expect(page.getByRole("progressbar", { name: /Uploading alpha.txt, beta.md/ })).toBeVisible();
  release();
  await expect(toasts(page).getByText("Uploaded 2 files")).toBeVisible();
  await page.unroute("**/api/files/upload**");
  await expect(row("alpha.txt")).toBeVisible();
  await expect(row("beta.md")).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download alpha.txt" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("alpha.txt");
  expect(await readFile((await download.path()) as string, "utf8")).toBe("alpha content\n");
});

test("an upload over the plan's per-file cap shows the server's 413 message", async () => {
  await page.goto("/dashboard/files");
  await page.getByLabel("Files to upload").setInputFiles({
    name: "too-big.bin",
    mimeType: "application/octet-stream",
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1024, 1),
  });
  await expect(page.getByRole("alert")).toContainText(
    /Upload failed: .*too-big\.bin is larger than the 10 MB per-file limit/,
  );
  await expect(row("too-big.bin")).toHaveCount(0);
});

test("creates a folder, renames a file and deletes with a confirmation", async () => {
  await page.goto("/dashboard/files");
  await page.getByRole("button", { name: "New folder" }).click();
  const dialog = page.getByRole("dialog", { name: "New folder" });
  await dialog.getByLabel("Folder name").fill("a/b");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByText("A name cannot contain / or \\")).toBeVisible();
  await dialog.getByLabel("Folder name").fill("reports");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Open folder reports" })).toBeVisible();

  await page.getByRole("button", { name: "Rename beta.md" }).click();
  const rename = page.getByRole("dialog", { name: "Rename beta.md" });
  await rename.getByLabel("New name").fill("gamma.md");
  await rename.getByRole("button", { name: "Rename" }).click();
  await expect(rename).toBeHidden();
  await expect(row("gamma.md")).toBeVisible();
  await expect(row("beta.md")).toHaveCount(0);

  await page.getByRole("button", { name: "Delete gamma.md" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete gamma.md?" });
  await expect(confirm).toContainText("goes to the trash, where it stays 30 days");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(row("gamma.md")).toBeVisible();
  const deleteGamma = async () => {
    await page.getByRole("button", { name: "Delete gamma.md" }).click();
    await page
      .getByRole("dialog", { name: "Delete gamma.md?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(row("gamma.md")).toHaveCount(0);
  };
  // Undo right after the delete puts it back.
  await deleteGamma();
  await expect(
    toasts(page).getByText("gamma.md was deleted. It stays in the trash for 30 days."),
  ).toBeVisible();
  await toasts(page).getByRole("button", { name: "Undo" }).click();
  await expect(toasts(page).getByText("gamma.md is back.")).toBeVisible();
  await expect(row("gamma.md")).toBeVisible();
  // Deleted again, it waits in the trash, named as the file it was.
  await deleteGamma();
  const inTrash = page
    .getByRole("region", { name: "Trash" })
    .getByRole("listitem")
    .filter({ hasText: "gamma.md" });
  await expect(inTrash).toContainText(/File · deleted/);
  // Restore in the trash puts it back where it was.
  await inTrash.getByRole("button", { name: /^Restore / }).click();
  await expect(row("gamma.md")).toBeVisible();
  await expect(inTrash).toHaveCount(0);
  await deleteGamma();

  await page.getByRole("button", { name: "Open folder reports" }).click();
  await expect(page.getByText("This folder is empty")).toBeVisible();
});

test("Files has no serious axe violations (light and dark) and fits 360 px", async () => {
  for (const theme of ["light", "dark"] as const) {
    await page.goto("/dashboard/files");
    await chooseTheme(page, theme);
    await page.reload();
    await expect(page.getByRole("button", { name: "Open folder projects" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/dashboard/files");
  await expect(page.getByRole("button", { name: "Open folder projects" })).toBeVisible();
  await expect.poll(() => scrollsSideways(page)).toBe(false);
  await page.getByRole("button", { name: "Delete alpha.txt" }).focus();
  await expect(page.getByRole("button", { name: "Delete alpha.txt" })).toBeInViewport();
  expect(await seriousViolations(page)).toEqual([]);
});
