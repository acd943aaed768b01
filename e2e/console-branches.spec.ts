import { expect, type Locator, type Page } from "@playwright/test";
import { ConsolePage } from "./pages/console-page";
import { chooseTheme, scrollsSideways, seriousViolations } from "./support/ui";
import { test } from "./support/with-provider";

/**
 * A conversation's branches in the console, against the scripted provider test server: edit a
 * message and send it again (‹ 1/2 ›), go back to the first version and continue it, regenerate
 * a reply with another model, copy, delete; the branches live on the server (a reload shows the
 * same), and the model is sent only the branch shown.
 */

test.describe.configure({ timeout: 120_000 });
test.use({ permissions: ["clipboard-read", "clipboard-write"] });
test.beforeEach(({ provider }) => provider.reset());

type Sent = { model?: string; messages?: { role: string; content: unknown }[] };

/** What the model got in its latest call: the model and each message's text. */
function lastCall(provider: { calls: { body: Record<string, unknown> | null }[] }) {
  const body = (provider.calls.at(-1)?.body ?? {}) as Sent;
  const texts = (body.messages ?? [])
    .filter((m) => m.role !== "system")
    .map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content)));
  return { model: body.model, texts };
}

const article = (ui: ConsolePage, text: string): Locator =>
  ui.messages.getByRole("article").filter({ hasText: text });

async function ask(ui: ConsolePage, question: string, replyText: string) {
  await ui.message.fill(question);
  await ui.message.press("Enter");
  await expect(article(ui, replyText)).toBeVisible({ timeout: 20_000 });
  await expect(ui.page.getByRole("button", { name: "Stop" })).toBeHidden({ timeout: 10_000 });
}

async function versionsOf(message: Locator): Promise<string | null> {
  const group = message.getByRole("group", { name: "Versions" });
  return (await group.count()) === 0 ? null : ((await group.textContent()) ?? "").replace(/\s+/g, " ").trim();
}

const openConsole = (page: Page) => ConsolePage.openAsNewUser(page);

test("edit, go back a version, continue, regenerate with another model, copy, delete: all kept after a reload", async ({
  page,
  provider,
}) => {
  const ui = await openConsole(page);
  provider.script({ kind: "text", chunks: ["Cats purr."] });
  await ask(ui, "Tell me about cats", "Cats purr.");

  // Edit the message and send it again: a new reply, ‹ 2 / 2 › on the message.
  provider.script({ kind: "text", chunks: ["Dogs bark."] });
  await article(ui, "Tell me about cats").hover();
  await article(ui, "Tell me about cats").getByRole("button", { name: "Edit message" }).click();
  const box = ui.messages.getByRole("textbox", { name: "Edit message" });
  await expect(box).toBeFocused();
  await expect(box).toHaveValue("Tell me about cats");
  await box.fill("Tell me about dogs");
  await ui.messages.getByRole("button", { name: "Save & send" }).click();
  await expect(article(ui, "Dogs bark.")).toBeVisible({ timeout: 20_000 });
  await expect(ui.messages.getByText("Cats purr.")).toHaveCount(0);
  await expect(ui.messages.getByText("Tell me about cats")).toHaveCount(0);
  await expect.poll(() => versionsOf(article(ui, "Tell me about dogs"))).toBe("2 / 2");
  // The model got the new branch only.
  expect(lastCall(provider).texts).toEqual(["Tell me about dogs"]);

  // Back to the first version: the old message and its reply again.
  await expect(page.getByRole("button", { name: "Stop" })).toBeHidden({ timeout: 10_000 });
  await article(ui, "Tell me about dogs").getByRole("button", { name: "Previous version" }).click();
  await expect(article(ui, "Tell me about cats")).toBeVisible();
  await expect(article(ui, "Cats purr.")).toBeVisible();
  await expect(ui.messages.getByText("Dogs bark.")).toHaveCount(0);
  await expect.poll(() => versionsOf(article(ui, "Tell me about cats"))).toBe("1 / 2");

  // The next message continues the branch shown, and the model is sent that branch only.
  provider.script({ kind: "text", chunks: ["Fish, mostly."] });
  await ask(ui, "What do they eat?", "Fish, mostly.");
  expect(lastCall(provider).texts).toEqual(["Tell me about cats", "Cats purr.", "What do they eat?"]);

  // Regenerate the last reply with another model: the provider sees it; versions 1/2 and 2/2.
  provider.script({ kind: "text", chunks: ["Mice, when they can."] });
  await article(ui, "Fish, mostly.").hover();
  await article(ui, "Fish, mostly.").getByRole("button", { name: "Regenerate with another model" }).click();
  const menu = page.getByRole("dialog", { name: "Regenerate with another model" });
  await menu.getByLabel("Model for this reply").selectOption("openai:gpt-4o-mini");
  await menu.getByRole("button", { name: "Regenerate" }).click();
  await expect(article(ui, "Mice, when they can.")).toBeVisible({ timeout: 20_000 });
  expect(lastCall(provider).model).toBe("gpt-4o-mini");
  expect(lastCall(provider).texts).toEqual(["Tell me about cats", "Cats purr.", "What do they eat?"]);
  await expect.poll(() => versionsOf(article(ui, "Mice, when they can.")), { timeout: 10_000 }).toBe("2 / 2");
  await expect(article(ui, "Mice, when they can.")).toContainText("gpt-4o-mini");
  await article(ui, "Mice, when they can.").getByRole("button", { name: "Previous version" }).click();
  await expect(article(ui, "Fish, mostly.")).toBeVisible();
  await expect.poll(() => versionsOf(article(ui, "Fish, mostly."))).toBe("1 / 2");

  // Copy puts the message's text on the clipboard.
  await article(ui, "Fish, mostly.").getByRole("button", { name: "Copy message" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe("Fish, mostly.");

  // The branches are on the server: a reload shows the same branch and versions.
  await page.reload();
  await expect(article(ui, "Fish, mostly.")).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => versionsOf(article(ui, "Fish, mostly."))).toBe("1 / 2");
  await expect.poll(() => versionsOf(article(ui, "Tell me about cats"))).toBe("1 / 2");
  await expect(ui.messages.getByText("Mice, when they can.")).toHaveCount(0);

  // Delete a message: it and what follows it go.
  await article(ui, "What do they eat?").hover();
  await article(ui, "What do they eat?").getByRole("button", { name: "Delete message" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this message?" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect(ui.messages.getByText("What do they eat?")).toHaveCount(0);
  await expect(ui.messages.getByText("Fish, mostly.")).toHaveCount(0);
  await expect(article(ui, "Cats purr.")).toBeVisible();
  await page.reload();
  await expect(article(ui, "Cats purr.")).toBeVisible({ timeout: 30_000 });
  await expect(ui.messages.getByText("What do they eat?")).toHaveCount(0);
  await expect.poll(() => versionsOf(article(ui, "Tell me about cats"))).toBe("1 / 2");
});

test("keyboard only: the actions show on focus; edit with Esc and Save & send; switch versions; the header's model answers the next turn", async ({
  page,
  provider,
}) => {
  const ui = await openConsole(page);
  provider.script({ kind: "text", chunks: ["Blue."] });
  await ask(ui, "Favourite colour?", "Blue.");

  // From the message list, Tab reaches the first message's actions, shown once focused.
  await ui.messages.focus();
  await page.keyboard.press("Tab");
  const copy = article(ui, "Favourite colour?").getByRole("button", { name: "Copy message" });
  await expect(copy).toBeFocused();
  await expect
    .poll(() => copy.evaluate((el) => getComputedStyle(el.parentElement as Element).opacity))
    .toBe("1");
  await page.keyboard.press("Tab");
  const edit = article(ui, "Favourite colour?").getByRole("button", { name: "Edit message" });
  await expect(edit).toBeFocused();
  // Esc cancels an edit, and focus is back on Edit.
  await page.keyboard.press("Enter");
  const box = ui.messages.getByRole("textbox", { name: "Edit message" });
  await expect(box).toBeFocused();
  await page.keyboard.type(" Really?");
  await page.keyboard.press("Escape");
  await expect(box).toBeHidden();
  await expect(edit).toBeFocused();
  await expect(article(ui, "Favourite colour?")).not.toContainText("Really?");
  // Edit and send it with the keyboard.
  await page.keyboard.press("Enter");
  await expect(box).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Favourite animal?");
  await page.keyboard.press("Tab"); // Cancel
  await page.keyboard.press("Tab"); // Save & send
  await expect(ui.messages.getByRole("button", { name: "Save & send" })).toBeFocused();
  provider.script({ kind: "text", chunks: ["Otters."] });
  await page.keyboard.press("Enter");
  // The message became its new version: focus is on the conversation, not lost.
  await expect(ui.messages).toBeFocused();
  await expect(article(ui, "Otters.")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Stop" })).toBeHidden({ timeout: 10_000 });
  await expect.poll(() => versionsOf(article(ui, "Favourite animal?"))).toBe("2 / 2");
  const previous = article(ui, "Favourite animal?").getByRole("button", { name: "Previous version" });
  await previous.focus();
  await page.keyboard.press("Enter");
  await expect(article(ui, "Blue.")).toBeVisible();
  await expect.poll(() => versionsOf(article(ui, "Favourite colour?"))).toBe("1 / 2");

  // The header's model picker: shown, changed, used by the next turn, kept after a reload.
  const picker = page.getByLabel("Model", { exact: true });
  await expect(picker.locator("option:checked")).toHaveText(/^Default \(/);
  await picker.focus();
  await picker.selectOption("openai:gpt-4o-mini");
  await expect
    .poll(async () => (await (await page.request.get("/api/sessions")).json())[0]?.model)
    .toBe("gpt-4o-mini");
  provider.script({ kind: "text", chunks: ["Green, too."] });
  await ui.message.focus();
  await page.keyboard.type("Another?");
  await page.keyboard.press("Enter");
  await expect(article(ui, "Green, too.")).toBeVisible({ timeout: 20_000 });
  expect(lastCall(provider).model).toBe("gpt-4o-mini");
  await page.reload();
  await expect(page.getByLabel("Model", { exact: true })).toHaveValue("openai:gpt-4o-mini", {
    timeout: 30_000,
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`messages with versions and their actions have no serious axe violations (${theme}), and fit 360 px`, async ({
    page,
    provider,
  }) => {
    await chooseTheme(page, theme);
    const ui = await openConsole(page);
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    provider.script({ kind: "text", chunks: ["Here:\n\n```python\nprint('hi')\n```\n"] });
    await ask(ui, "Some code please", "print('hi')");
    provider.script({ kind: "text", chunks: ["Again:\n\n```python\nprint('again')\n```\n"] });
    await article(ui, "Here:").hover();
    await article(ui, "Here:").getByRole("button", { name: "Regenerate reply" }).click();
    await expect(article(ui, "Again:")).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => versionsOf(article(ui, "Again:")), { timeout: 10_000 }).toBe("2 / 2");
    // Each code block has its own Copy.
    await article(ui, "Again:").getByRole("button", { name: "Copy code" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe("print('again')");
    await article(ui, "Again:").getByRole("button", { name: "Copy message" }).focus();
    expect(await seriousViolations(page), "messages with versions").toEqual([]);
    await article(ui, "Some code please").getByRole("button", { name: "Edit message" }).click();
    expect(await seriousViolations(page), "a message being edited").toEqual([]);
    await page.keyboard.press("Escape");

    await page.setViewportSize({ width: 360, height: 740 });
    await expect(ui.message).toBeVisible();
    // Small screens: the actions show without hover.
    const del = article(ui, "Again:").getByRole("button", { name: "Delete message" });
    await expect(del).toBeVisible();
    await expect
      .poll(() => del.evaluate((el) => getComputedStyle(el.parentElement as Element).opacity))
      .toBe("1");
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    expect(await seriousViolations(page), "360 px").toEqual([]);
    await del.click();
    await expect(page.getByRole("dialog", { name: "Delete this message?" })).toBeVisible();
    expect(await seriousViolations(page), "360 px, confirming a delete").toEqual([]);
    await page
      .getByRole("dialog", { name: "Delete this message?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(ui.messages.getByText("Again:")).toHaveCount(0);
    await expect(article(ui, "Some code please")).toBeVisible();
  });
}
