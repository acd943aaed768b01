import { expect, type Page, test as plain } from "@playwright/test";
import { createAccount, signIn } from "./support/accounts";
import { seriousViolations, toasts } from "./support/ui";
import { test } from "./support/with-provider";

/**
 * The IDE's assistant as found by using it: the models it offers, the server's own words when a
 * request is refused, inline completion that inserts code only, and code-block headers that
 * stay readable in narrow panes.
 */
test.describe.configure({ timeout: 90_000 });

async function openIde(page: Page, file = "app.ts") {
  await signIn(page, await createAccount(page.request));
  await page.goto("/ide");
  await expect(page.getByRole("heading", { level: 1, name: "Neuro IDE" })).toBeVisible();
  if (await page.getByRole("tab", { name: "Files" }).isVisible()) {
    await page.getByRole("tab", { name: "Files" }).click();
  }
  await page.getByRole("treeitem", { name: file, exact: true }).click();
  await expect(page.locator(".cm-content")).toContainText("greet");
}

const modelOptions = (page: Page) =>
  page.getByRole("combobox", { name: "Model" }).locator("option").allTextContents();

test("the model picker offers only the models of providers the person can use", async ({
  page,
  provider,
}) => {
  provider.reset();
  await openIde(page);
  // The server's OpenAI key: its models are offered; Anthropic has no key: none of its models.
  await expect.poll(() => modelOptions(page)).toContain("openai/gpt-4");
  const options = await modelOptions(page);
  expect(options.filter((o) => /claude|anthropic/i.test(o))).toEqual([]);
});

plain(
  "with no model usable, a refused request shows the server's message, not 'HTTP error! status: N'",
  async ({ page }) => {
    await openIde(page);
    expect((await modelOptions(page)).filter((o) => /claude|anthropic/i.test(o))).toEqual([]);
    const refused = await page.request.post("/api/llm/complete", {
      data: { messages: [{ role: "user", content: "hello" }] },
    });
    expect(refused.status()).toBe(400);
    const { error } = (await refused.json()) as { error: { message: string } };
    const input = page.getByLabel("Message the assistant");
    await input.fill("What does this file do?");
    await input.press("Enter");
    await expect(toasts(page).getByText("AI Error")).toBeVisible();
    await expect(toasts(page).getByText(error.message)).toBeVisible();
    await expect(toasts(page)).not.toContainText("HTTP error!");
  },
);

test("inline completion inserts only the code of a reply wrapped in prose and a fence", async ({
  page,
  provider,
}) => {
  provider.reset();
  await openIde(page);
  await page.locator(".cm-content").click();
  await page.keyboard.press("Control+End");
  provider.script({
    kind: "text",
    chunks: [
      'Here is the completion:\n\n```typescript\nconsole.log("done");\n```\n\nThis logs a message when the greeting is done.',
    ],
  });
  await page.keyboard.type("// log it\n");
  const ghost = page.getByTestId("ghost-text");
  await expect(ghost).toHaveText('console.log("done");');
  await page.keyboard.press("Tab");
  await expect(page.locator(".cm-content")).toContainText('// log itconsole.log("done");');
  await expect(page.locator(".cm-content")).not.toContainText("Here is");
  await expect(page.locator(".cm-content")).not.toContainText("```");
  const sent = provider.calls.at(-1)?.body as { messages: { role: string; content: string }[] };
  expect(sent.messages[0]?.role).toBe("system");
  expect(sent.messages[0]?.content).toMatch(/only the code/i);
});

for (const [where, viewport] of [
  ["at 360 px", { width: 360, height: 740 }],
  ["in the side panel", { width: 1280, height: 800 }],
] as const) {
  test(`a code block's language stays on one line ${where}`, async ({ page, provider }) => {
    provider.reset();
    await page.setViewportSize(viewport);
    await openIde(page);
    if (viewport.width < 900) await page.getByRole("tab", { name: "AI Assistant" }).click();
    provider.script({ kind: "text", chunks: ["Sure:\n```typescript\nexport const answer = 42;\n```\n"] });
    const input = page.getByLabel("Message the assistant");
    await input.fill("Give me a constant");
    await input.press("Enter");
    const assistant = page.getByRole("region", { name: "AI Assistant" });
    await expect(assistant.getByRole("button", { name: "Apply to app.ts" })).toBeVisible();
    const label = assistant.locator("figcaption").getByText("typescript", { exact: true });
    await expect(label).toBeVisible();
    // One line of 12 px text: about 16 px high (one letter a line would be ten times that).
    const box = await label.boundingBox();
    expect(box?.height ?? 0).toBeLessThan(24);
    expect(box?.width ?? 0).toBeGreaterThan(30);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
