import { expect, type Page } from "@playwright/test";
import { openIde, writeFile } from "./pages/ide-page";
import { seriousViolations, toasts } from "./support/ui";
import { test } from "./support/with-provider";

/**
 * Neuro IDE never overwrites a change made elsewhere: the terminal's writes are noticed while the
 * file is open, and a save made on an older version is refused and shown, then merged.
 */
test.describe.configure({ timeout: 90_000 });

const FILE = "/home/user/src/calc.ts";
const START = "const a = 1;\nconst b = 2;\nconst c = 3;\n";
const onServer = async (page: Page) =>
  (await (await page.request.get(`/api/files/content?path=${encodeURIComponent(FILE)}`)).json()).content;

/** A new account's IDE with calc.ts (START) open and the cursor in it at `where`. */
async function editCalc(page: Page, where: "Control+Home" | "Control+End") {
  const ide = await openIde(page);
  await writeFile(page, FILE, START);
  await page.reload();
  await ide.open("calc.ts");
  await ide.editor.click();
  await page.keyboard.press(where);
  return ide;
}

test("the terminal appends to the file I am editing: I am told before I save, and the merge keeps both", async ({
  page,
}) => {
  const ide = await editCalc(page, "Control+Home");
  await page.keyboard.type("// mine\n");

  await page.getByRole("tab", { name: "Terminal" }).click();
  await expect(page.getByTestId("terminal-status")).toHaveText(/^Connected/, { timeout: 15_000 });
  await page.locator(".xterm-helper-textarea").focus();
  await page.keyboard.type("echo '// from the terminal' >> ~/src/calc.ts && echo appended\n");
  await expect(page.locator(".xterm-rows")).toContainText("appended", { timeout: 15_000 });

  const changed = page.getByRole("alert").filter({ hasText: "calc.ts changed on disk" });
  await expect(changed).toBeVisible({ timeout: 10_000 });
  await expect(ide.editor).toContainText("// mine");
  await changed.getByRole("button", { name: "Compare and merge" }).click();
  const merge = page.getByRole("dialog", { name: "Merge calc.ts" });
  await expect(merge).toContainText("2 differences");
  // My new first line keeps mine; the terminal's new last line takes the disk's.
  const first = merge.getByRole("region", { name: /^Change 1/ });
  const second = merge.getByRole("region", { name: /^Change 2/ });
  await expect(first.getByRole("button", { name: "Keep mine" })).toHaveAttribute("aria-pressed", "true");
  await expect(second.getByRole("button", { name: "Take the disk's" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  expect(await seriousViolations(page), "the merge dialog").toEqual([]);
  await merge.getByRole("button", { name: "Save the merge (1 of 2 mine)" }).click();
  await expect(toasts(page).getByText("File saved")).toBeVisible();
  await expect(changed).toBeHidden();
  await expect.poll(() => onServer(page)).toBe(`// mine\n${START}// from the terminal\n`);
  await expect(ide.editor).toContainText("// from the terminal");
  await expect(ide.tab("calc.ts").getByRole("img", { name: "unsaved changes" })).toHaveCount(0);
});

test("a background job in the terminal writes the file later, in silence: I am told before I save", async ({
  page,
}) => {
  await editCalc(page, "Control+Home");
  await page.keyboard.type("// mine\n");
  await page.getByRole("tab", { name: "Terminal" }).click();
  await expect(page.getByTestId("terminal-status")).toHaveText(/^Connected/, { timeout: 15_000 });
  await page.locator(".xterm-helper-textarea").focus();
  // The command is over at once; its job writes five seconds later and prints nothing.
  await page.keyboard.type("(sleep 5; echo '// later' >> ~/src/calc.ts) & echo started\n");
  await expect(page.locator(".xterm-rows")).toContainText("started", { timeout: 15_000 });
  const changed = page.getByRole("alert").filter({ hasText: "calc.ts changed on disk" });
  await expect(changed).toBeHidden();
  await expect.poll(() => onServer(page), { timeout: 15_000 }).toBe(`${START}// later\n`);
  await expect(changed).toBeVisible({ timeout: 10_000 });
});

test("a save made on an older version (the change was not seen live) is refused, nothing is lost, and Keep mine saves over it", async ({
  page,
}) => {
  // The live channel loses its files_changed frames: only the save's own check can notice.
  await page.routeWebSocket(/\/ws$/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      if (!String(message).includes('"files_changed"')) socket.send(message);
    });
  });
  const ide = await editCalc(page, "Control+End");
  await page.keyboard.type("// mine");
  await writeFile(page, FILE, `${START}// the agent's\n`);

  await page.keyboard.press("Control+s");
  await expect(toasts(page).getByText("Not saved: the file changed on disk")).toBeVisible();
  expect(await onServer(page)).toBe(`${START}// the agent's\n`);
  const changed = page.getByRole("alert").filter({ hasText: "calc.ts changed on disk" });
  await expect(changed).toBeVisible();
  await expect(ide.editor).toContainText("// mine");

  await changed.getByRole("button", { name: "Keep mine" }).click();
  await expect(toasts(page).getByText("File saved")).toBeVisible();
  await expect(changed).toBeHidden();
  await expect.poll(() => onServer(page)).toBe(`${START}// mine`);

  // Deleted elsewhere while edited: said so; saving mine again puts it back.
  await ide.editor.click();
  await page.keyboard.type(" again");
  expect((await page.request.delete(`/api/files?path=${encodeURIComponent(FILE)}`)).status()).toBe(204);
  await page.keyboard.press("Control+s");
  const gone = page.getByRole("alert").filter({ hasText: "calc.ts was deleted or moved on disk" });
  await expect(gone).toBeVisible();
  await gone.getByRole("button", { name: "Save mine again" }).click();
  await expect(gone).toBeHidden();
  await expect.poll(() => onServer(page)).toBe(`${START}// mine again`);
});
