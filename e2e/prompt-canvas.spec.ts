import { expect, type Page } from "@playwright/test";
import { openApp, syncStatus } from "./support/apps";
import { toasts } from "./support/ui";
import { test } from "./support/with-provider";

/** PromptCanvas against the scripted model provider. */
test.describe.configure({ timeout: 60_000 });
test.beforeEach(({ provider }) => provider.reset());

const ui = (page: Page) => ({
  title: page.getByLabel("Title", { exact: true }),
  prompt: page.getByLabel("Prompt", { exact: true }),
  saved: page.getByRole("region", { name: "Saved prompts" }).getByRole("listitem"),
  button: (name: string) => page.getByRole("button", { name, exact: true }),
});

test("save, favourite, copy, delete: the spec's messages; favourites first, then newest; kept on the device and the server", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openApp(page, "prompt-canvas", "PromptCanvas");
  const p = ui(page);
  await p.button("Save").click();
  await expect(toasts(page).getByText("Empty Prompt")).toBeVisible();
  await expect(toasts(page).getByText("Please write a prompt before saving")).toBeVisible();

  await p.prompt.fill("Explain recursion simply.");
  await p.button("Save").click();
  await expect(toasts(page).getByText("Prompt Saved")).toBeVisible();
  await expect(p.saved).toHaveText([/Untitled Prompt/]);

  await p.button("New prompt").click();
  await p.title.fill("Haiku");
  await p.prompt.fill("Write a haiku.");
  await p.button("Save").click();
  await expect(p.saved.first()).toContainText("Haiku");

  await p.saved.filter({ hasText: "Untitled Prompt" }).getByRole("button").click();
  await expect(p.prompt).toHaveValue("Explain recursion simply.");
  await p.button("Favourite").click();
  await expect(p.button("Favourite")).toHaveAttribute("aria-pressed", "true");
  await expect(p.saved.first()).toContainText("Untitled Prompt");

  await p.button("Copy").click();
  await expect(toasts(page).getByText("Copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("Explain recursion simply.");

  await expect(syncStatus(page)).toHaveText("Saved");
  const cached = JSON.parse(
    (await page.evaluate(() => localStorage.getItem("prompt-canvas-prompts"))) ?? "[]",
  );
  expect(cached.map((x: { title: string; isFavorite: boolean }) => [x.title, x.isFavorite])).toEqual(
    expect.arrayContaining([
      ["Untitled Prompt", true],
      ["Haiku", false],
    ]),
  );
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(p.saved).toHaveCount(2);
  await expect(p.saved.first()).toContainText("Untitled Prompt");

  await p.saved.filter({ hasText: "Haiku" }).getByRole("button").click();
  await p.button("Delete").click();
  await expect(toasts(page).getByText("Prompt Deleted")).toBeVisible();
  await expect(p.saved).toHaveCount(1);
});

test("run: {{variables}} become fields; the filled prompt streams an answer kept with the prompt; empty and failed runs say so", async ({
  page,
  provider,
}) => {
  await openApp(page, "prompt-canvas", "PromptCanvas");
  const p = ui(page);
  await p.button("Run").click();
  await expect(toasts(page).getByText("Please write a prompt to run")).toBeVisible();

  await p.title.fill("Poem");
  await p.prompt.fill("Write a {{form}} about {{ topic }} for {{form}} lovers.");
  await expect(page.getByRole("group", { name: "Variables" }).getByRole("textbox")).toHaveCount(2);
  await p.button("Save").click();
  await p.button("Run").click();
  await expect(toasts(page).getByText("Missing: form, topic")).toBeVisible();
  expect(provider.calls).toHaveLength(0);

  await page.getByLabel("form", { exact: true }).fill("haiku");
  await page.getByLabel("topic", { exact: true }).fill("autumn");
  provider.script({ kind: "text", chunks: ["Leaves fall ", "softly."], delayMs: 150 });
  await p.button("Run").click();
  const answer = page.getByRole("region", { name: "Answer: default model" });
  await expect(answer).toContainText("Leaves fall");
  await expect(toasts(page).getByText("Prompt Executed")).toBeVisible();
  await expect(
    page.getByText(/first token \d+ ms · total [\d.]+ (ms|s) · 12 tokens in, 7 out/),
  ).toBeVisible();
  const sent = provider.calls.at(-1)?.body as { temperature: number; messages: { content: string }[] };
  expect(sent.temperature).toBe(0.7);
  expect(sent.messages.at(-1)?.content).toBe("Write a haiku about autumn for haiku lovers.");

  await expect(syncStatus(page)).toHaveText("Saved");
  await page.reload();
  await p.saved.filter({ hasText: "Poem" }).getByRole("button").click();
  await expect(page.getByRole("region", { name: "Last result" })).toContainText("Leaves fall softly.");

  provider.script({ kind: "error", status: 500, body: { error: { message: "down" } } });
  await page.getByLabel("form", { exact: true }).fill("limerick");
  await page.getByLabel("topic", { exact: true }).fill("rain");
  await p.button("Run").click();
  await expect(toasts(page).getByText("Execution Failed")).toBeVisible();
  await expect(toasts(page).getByText("Could not run prompt. Please try again.")).toBeVisible();
});

test("one prompt on three models side by side, each with its time to first token, duration and tokens", async ({
  page,
  provider,
}) => {
  await openApp(page, "prompt-canvas", "PromptCanvas");
  const p = ui(page);
  await p.prompt.fill("Name a colour.");
  await page.getByRole("button", { name: "Compare with another model" }).click();
  await page.getByRole("button", { name: "Compare with another model" }).click();
  await expect(page.getByRole("button", { name: "Compare with another model" })).toHaveCount(0);
  const models = page.getByRole("combobox", { name: /^Model \d$/ });
  await expect(models).toHaveCount(3);
  const options = await models.nth(1).locator("option").allTextContents();
  // The first choice is the default model: two others beside it.
  expect(options.length).toBeGreaterThan(3);
  await models.nth(1).selectOption({ label: options[2] ?? "" });
  await models.nth(2).selectOption({ label: options[3] ?? "" });

  provider.script(
    { kind: "text", chunks: ["Red"], usage: { input: 5, output: 1 } },
    { kind: "text", chunks: ["Blue"], usage: { input: 5, output: 1 } },
    { kind: "text", chunks: ["Green"], usage: { input: 5, output: 1 } },
  );
  await p.button("Run").click();
  await expect(toasts(page).getByText("3 of 3 models answered.")).toBeVisible();
  const answers = page.getByRole("region", { name: /^Answer: / });
  await expect(answers).toHaveCount(3);
  await expect(page.getByText(/first token .* · 5 tokens in, 1 out/)).toHaveCount(3);
  expect(provider.calls).toHaveLength(3);
  const sentModels = provider.calls.map((c) => (c.body as { model: string }).model).sort();
  expect(sentModels).toEqual([...new Set(sentModels)].sort());
  await expect(answers.nth(1)).toHaveAccessibleName(`Answer: ${options[2]}`);
});

test("a prompt not saved yet asks before the page is left: Stay keeps it; once saved, leaving just goes", async ({
  page,
}) => {
  await openApp(page, "prompt-canvas", "PromptCanvas");
  const p = ui(page);
  await p.prompt.fill("A draft");
  const settings = page
    .getByRole("complementary", { name: "Sidebar" })
    .getByRole("link", { name: "Settings" });
  await settings.click();
  const ask = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(ask).toContainText(
    "Your changes to the prompt “Untitled Prompt” are not saved. If you leave now, they are lost.",
  );
  await ask.getByRole("button", { name: "Stay" }).click();
  await expect(ask).toBeHidden();
  await expect(p.prompt).toHaveValue("A draft");
  await p.button("Save").click();
  await expect(toasts(page).getByText("Prompt Saved")).toBeVisible();
  await settings.click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(ask).toBeHidden();
});
