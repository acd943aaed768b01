import { expect, type Page, test } from "@playwright/test";
import { sharedSignedInPage } from "./support/shared-page";
import { chooseTheme, scrollsSideways, seriousViolations, toasts } from "./support/ui";

let page: Page;

async function openTools(target: Page) {
  await target.goto("/dashboard/tools");
  await expect(target.getByRole("heading", { level: 1, name: "Tools & Agents" })).toBeVisible();
  await expect(target.getByRole("heading", { level: 3, name: /Interpreter/ })).toBeVisible();
}

const agentCard = (name: string) =>
  page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: new RegExp(`^${name}`) }) });

sharedSignedInPage((shared) => {
  page = shared;
});

test("the tools show their real status and the default agent is listed", async () => {
  await openTools(page);
  const health = await (await page.request.get("/api/sandbox/health")).json();
  for (const tool of ["list_files", "read_file", "write_file", "search_files"]) {
    await expect(page.getByTestId(`tool-${tool}-status`)).toHaveText("Active");
  }
  for (const tool of ["run_code", "run_shell"]) {
    await expect(page.getByTestId(`tool-${tool}-status`)).toHaveText(
      health.available ? "Active" : "Unavailable",
    );
  }
  if (!health.available) await expect(page.getByText(health.message).first()).toBeVisible();
  await expect(agentCard("Interpreter").getByText("Default", { exact: true })).toBeVisible();
});

test("creates an agent, validating the form", async () => {
  await openTools(page);
  await page.getByRole("button", { name: "New agent" }).click();
  const dialog = page.getByRole("dialog", { name: "New agent" });
  await dialog.getByRole("button", { name: "Create agent" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await dialog.getByLabel("Name").fill("Researcher");
  await dialog.getByLabel("Description").fill("Reads files and answers.");
  await dialog.getByLabel("Temperature").fill("3");
  await dialog.getByRole("checkbox", { name: "run_shell" }).click();
  await dialog.getByRole("button", { name: "Create agent" }).click();
  await expect(dialog.getByText("Temperature must be between 0 and 2")).toBeVisible();
  await dialog.getByLabel("Temperature").fill("0.3");
  await dialog.getByLabel("Provider").selectOption("anthropic");
  await dialog.getByLabel("Model").selectOption("claude-haiku-4-5");
  await dialog.getByRole("button", { name: "Create agent" }).click();
  await expect(toasts(page).getByText("Agent created")).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = agentCard("Researcher");
  await expect(card).toContainText("Reads files and answers.");
  await expect(card).toContainText("anthropic · claude-haiku-4-5 · temperature 0.3");
  await expect(card).not.toContainText("run_shell");
});

test("edits an agent", async () => {
  await openTools(page);
  await page.getByRole("button", { name: "Edit Researcher" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Researcher" });
  await expect(dialog.getByLabel("Name")).toHaveValue("Researcher");
  await dialog.getByLabel("Name").fill("Research bot");
  await dialog.getByRole("checkbox", { name: "Safe mode" }).click();
  await dialog.getByRole("button", { name: "Save agent" }).click();
  await expect(toasts(page).getByText("Agent saved")).toBeVisible();
  await expect(agentCard("Research bot")).toContainText("Safe mode off");
  await page.reload();
  await expect(agentCard("Research bot")).toBeVisible();
});

test("deleting the default agent shows why it cannot be deleted", async () => {
  await openTools(page);
  await page.getByRole("button", { name: "Delete Interpreter" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete Interpreter?" });
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Make another agent the default before deleting this one",
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(agentCard("Interpreter")).toBeVisible();
});

test("sets another default, then deletes the former default after confirming", async () => {
  await openTools(page);
  await page.getByRole("button", { name: "Make Research bot the default" }).click();
  await expect(toasts(page).getByText("Default agent changed")).toBeVisible();
  await expect(agentCard("Research bot").getByText("Default", { exact: true })).toBeVisible();
  await expect(agentCard("Interpreter").getByText("Default", { exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "Delete Interpreter" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete Interpreter?" });
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toasts(page).getByText("Agent deleted")).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: /^Interpreter/ })).toHaveCount(0);
});

for (const theme of ["light", "dark"] as const) {
  test(`Tools & Agents has no serious axe violations (${theme}) and works at 360 px`, async () => {
    await chooseTheme(page, theme);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/dashboard/tools");
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await expect(page.getByRole("heading", { level: 3, name: /^Research bot/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await expect(page.getByRole("heading", { level: 3, name: /^Research bot/ })).toBeVisible();
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    // Keyboard: the dialog opens from the keyboard, traps focus and closes with Escape.
    await page.getByRole("button", { name: "New agent" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "New agent" });
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/neuroos-shots/agents-dialog-360-${theme}.png` });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "New agent" })).toBeFocused();
    await page.screenshot({ path: `/tmp/neuroos-shots/agents-360-${theme}.png`, fullPage: true });
  });
}
