import { expect, test } from "@playwright/test";
import { ConsolePage } from "./pages/console-page";
import { seriousViolations } from "./support/ui";

/** The console's top tabs switch its centre between the chat, the editor, the files and the monitor. */
test.describe.configure({ timeout: 60_000 });

test("Chat Interface, Code Editor, File Browser and System Monitor switch the console's centre; the chat keeps its draft", async ({
  page,
}) => {
  const ui = await ConsolePage.openAsNewUser(page);
  const tabs = page.getByRole("tablist", { name: "Console views" });
  await expect(tabs.getByRole("tab")).toHaveText([
    "Chat Interface",
    "Code Editor",
    "File Browser",
    "System Monitor",
  ]);
  await expect(tabs.getByRole("tab", { name: "Chat Interface" })).toHaveAttribute("aria-selected", "true");
  await ui.message.fill("a draft I keep");

  await tabs.getByRole("tab", { name: "Code Editor" }).click();
  const editor = page.getByRole("tabpanel", { name: "Code Editor" });
  await expect(editor.getByRole("treeitem", { name: "index.ts" })).toBeVisible({ timeout: 15_000 });
  await expect(ui.message).toBeHidden();

  // Arrow keys move between the tabs.
  await tabs.getByRole("tab", { name: "Code Editor" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(tabs.getByRole("tab", { name: "File Browser" })).toBeFocused();
  await expect(
    page.getByRole("tabpanel", { name: "File Browser" }).getByRole("heading", { level: 1, name: "Files" }),
  ).toBeVisible();

  await page.keyboard.press("ArrowRight");
  const monitor = page.getByRole("tabpanel", { name: "System Monitor" });
  await expect(monitor.getByRole("region", { name: "CPU" })).toBeVisible({ timeout: 10_000 });
  expect(await seriousViolations(page)).toEqual([]);

  await tabs.getByRole("tab", { name: "Chat Interface" }).click();
  await expect(ui.message).toHaveValue("a draft I keep");
});
