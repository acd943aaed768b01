import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { sharedSignedInPage } from "./support/shared-page";
import { scrollsSideways, seriousViolations, toasts } from "./support/ui";

let page: Page;

sharedSignedInPage(
  (shared) => {
    page = shared;
  },
  { acceptDownloads: true },
);

const row = (name: string) => page.getByTestId("file-row").filter({ hasText: name });
const list = () => page.getByRole("list", { name: "Contents of /home/user" });

async function put(path: string, content: string) {
  const written = await page.request.put("/api/files/content", { data: { path, content, overwrite: true } });
  expect(written.ok()).toBe(true);
}

async function namesIn(folder: string): Promise<string[]> {
  const listed = await page.request.get(`/api/files?path=${encodeURIComponent(folder)}&recursive=false`);
  expect(listed.ok()).toBe(true);
  const entries: { path: string }[] = await listed.json();
  return entries.map((e) => e.path.slice(folder.length + 1)).sort();
}

test.beforeAll(async () => {
  for (const name of ["m-one.txt", "m-two.txt", "m-three.txt"]) await put(`/home/user/${name}`, `${name}\n`);
  await page.request.post("/api/files/mkdir", { data: { path: "/home/user/m-archive" } });
});

test("New file makes an empty file and opens it to write in", async () => {
  await page.goto("/dashboard/files");
  await page.getByRole("button", { name: "New file" }).click();
  const dialog = page.getByRole("dialog", { name: "New file" });
  await dialog.getByLabel("File name").fill("m-fresh.md");
  await dialog.getByRole("button", { name: "Create" }).click();
  const viewer = page.getByRole("dialog", { name: "m-fresh.md" });
  await expect(viewer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(row("m-fresh.md")).toBeVisible();
  expect(await namesIn("/home/user")).toContain("m-fresh.md");
});

test("Shift selects a range, Ctrl/⌘ and the checkboxes toggle, Ctrl+A all, Escape none", async () => {
  await page.goto("/dashboard/files");
  await page.getByRole("checkbox", { name: "Select m-one.txt" }).click();
  // Sorted by name: m-one, m-three, m-two; a Shift-click on m-two takes the three.
  await page.getByRole("checkbox", { name: "Select m-two.txt" }).click({ modifiers: ["Shift"] });
  await expect(page.getByText("3 selected")).toBeVisible();
  await page.getByRole("checkbox", { name: "Select m-three.txt" }).click();
  await expect(page.getByText("2 selected")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Select m-three.txt" })).not.toBeChecked();
  // A plain click on a row picks it alone; Ctrl adds another.
  await row("m-three.txt").locator("time").click();
  await expect(page.getByText("1 selected")).toBeVisible();
  await row("m-one.txt")
    .locator("time")
    .click({ modifiers: ["ControlOrMeta"] });
  await expect(page.getByText("2 selected")).toBeVisible();
  await page.getByRole("checkbox", { name: "Select m-one.txt" }).focus();
  await page.keyboard.press("ControlOrMeta+a");
  const total = await page.getByTestId("file-row").count();
  await expect(page.getByText(`${total} selected`)).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Select everything in home" })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(page.getByText(/\d+ selected/)).toHaveCount(0);
});

test("Move to… walks to a folder and moves the selection there; Undo moves it back", async () => {
  await page.goto("/dashboard/files");
  await page.getByRole("checkbox", { name: "Select m-one.txt" }).click();
  await page.getByRole("checkbox", { name: "Select m-two.txt" }).click();
  await page.getByRole("button", { name: "Move to…" }).click();
  const dialog = page.getByRole("dialog", { name: "Move 2 items to…" });
  // Where they are already: no move to make.
  await expect(dialog.getByText("Already in home.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Move here" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Open folder m-archive" }).click();
  await expect(dialog.getByText("No folders inside m-archive.")).toBeVisible();
  await dialog.getByRole("button", { name: "Move here" }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).getByText("2 items moved to m-archive.")).toBeVisible();
  await expect(row("m-one.txt")).toHaveCount(0);
  expect(await namesIn("/home/user/m-archive")).toEqual(["m-one.txt", "m-two.txt"]);

  await toasts(page).getByRole("button", { name: "Undo" }).click();
  await expect(row("m-one.txt")).toBeVisible();
  await expect(row("m-two.txt")).toBeVisible();
  expect(await namesIn("/home/user/m-archive")).toEqual([]);
});

test("a folder cannot be moved into itself; the dialog says so", async () => {
  await page.goto("/dashboard/files");
  await page.getByRole("checkbox", { name: "Select m-archive" }).click();
  await page.getByRole("button", { name: "Move to…" }).click();
  const dialog = page.getByRole("dialog", { name: "Move m-archive to…" });
  await expect(dialog.getByRole("button", { name: "Open folder m-archive (being moved)" })).toBeDisabled();
  await page.keyboard.press("Escape");
});

test("drag and drop: a row onto a folder moves it; the selection moves together; a crumb takes it back", async () => {
  await page.goto("/dashboard/files");
  await row("m-three.txt").dragTo(row("m-archive"));
  await expect(toasts(page).getByText("m-three.txt moved to m-archive.")).toBeVisible();
  await expect(row("m-three.txt")).toHaveCount(0);
  expect(await namesIn("/home/user/m-archive")).toEqual(["m-three.txt"]);

  await page.getByRole("checkbox", { name: "Select m-one.txt" }).click();
  await page.getByRole("checkbox", { name: "Select m-two.txt" }).click();
  await row("m-one.txt").dragTo(row("m-archive"));
  await expect(toasts(page).getByText("2 items moved to m-archive.")).toBeVisible();
  expect(await namesIn("/home/user/m-archive")).toEqual(["m-one.txt", "m-three.txt", "m-two.txt"]);

  // Into the folder, then a drag onto "home" in the path trail brings one back up.
  await page.getByRole("button", { name: "Open folder m-archive" }).click();
  const inArchive = page.getByRole("list", { name: "Contents of /home/user/m-archive" });
  await expect(inArchive.getByTestId("file-row")).toHaveCount(3);
  await row("m-three.txt").dragTo(
    page.getByRole("navigation", { name: "Folder path" }).getByRole("button", { name: "home" }),
  );
  await expect(inArchive.getByTestId("file-row")).toHaveCount(2);
  expect(await namesIn("/home/user")).toContain("m-three.txt");
});

test("Download zip: the selection, folders whole, as one zip", async () => {
  await page.goto("/dashboard/files");
  await page.getByRole("checkbox", { name: "Select m-archive" }).click();
  await page.getByRole("checkbox", { name: "Select m-three.txt" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download zip" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("files.zip");
  const zip = unzipSync(new Uint8Array(await readFile((await download.path()) as string)));
  expect(Object.keys(zip).sort()).toEqual([
    "m-archive/",
    "m-archive/m-one.txt",
    "m-archive/m-two.txt",
    "m-three.txt",
  ]);
  expect(new TextDecoder().decode(zip["m-archive/m-two.txt"])).toBe("m-two.txt\n");
});

test("bulk delete asks once, sends all to the trash, and Undo brings all back", async () => {
  await page.goto("/dashboard/files");
  await page.getByRole("checkbox", { name: "Select m-archive" }).click();
  await page.getByRole("checkbox", { name: "Select m-three.txt" }).click();
  await list().getByRole("checkbox", { name: "Select m-three.txt" }).focus();
  await page.keyboard.press("Delete");
  const confirm = page.getByRole("dialog", { name: "Delete 2 items?" });
  await expect(confirm).toContainText(
    "The 2 items, and everything in the folders among them, go to the trash",
  );
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(
    toasts(page).getByText("2 items were deleted. They stay in the trash for 30 days."),
  ).toBeVisible();
  await expect(row("m-archive")).toHaveCount(0);
  await expect(row("m-three.txt")).toHaveCount(0);
  await toasts(page).getByRole("button", { name: "Undo" }).click();
  await expect(toasts(page).getByText("2 items are back.")).toBeVisible();
  await expect(row("m-archive")).toBeVisible();
  expect(await namesIn("/home/user/m-archive")).toEqual(["m-one.txt", "m-two.txt"]);
});

test("files dropped from the computer onto the list are uploaded into the folder shown", async () => {
  await page.goto("/dashboard/files");
  const dataTransfer = await page.evaluateHandle(() => {
    const dropped = new DataTransfer();
    dropped.items.add(new File(["dropped\n"], "m-dropped.txt", { type: "text/plain" }));
    return dropped;
  });
  await list().dispatchEvent("dragover", { dataTransfer });
  await list().dispatchEvent("drop", { dataTransfer });
  await expect(toasts(page).getByText("Uploaded m-dropped.txt")).toBeVisible();
  await expect(row("m-dropped.txt")).toBeVisible();
  const stored = await page.request.get("/api/files/content?path=/home/user/m-dropped.txt");
  expect((await stored.json()).content).toBe("dropped\n");
});

test("at 360 px the selection's actions fit the screen", async () => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/dashboard/files");
  await page.getByRole("checkbox", { name: "Select m-archive" }).click();
  await expect(page.getByRole("button", { name: "Move to…" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download zip" })).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  await page.setViewportSize({ width: 1280, height: 800 });
});

test("the desktop has Files on its grid, opening the same file manager in a window", async () => {
  await page.goto("/desktop");
  await page.getByRole("list", { name: "Desktop apps" }).getByRole("button", { name: "Files" }).dblclick();
  const win = page.getByTestId("desktop-window").filter({ hasText: "Files" });
  await expect(win.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
  await expect(win.getByRole("checkbox", { name: "Select m-archive" })).toBeVisible();
});
