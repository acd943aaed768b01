import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { ConsolePage } from "./pages/console-page";
import { openApp } from "./support/apps";
import { scrollsSideways, seriousViolations, toasts } from "./support/ui";
import { test } from "./support/with-mcp";

/**
 * A person's MCP server (the reference server-everything, added through the API) in the console
 * and in PromptCanvas, against the scripted model provider.
 */
test.describe.configure({ timeout: 90_000 });
test.beforeEach(({ provider }) => provider.reset());

const docs = path.join(
  path.dirname(
    createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/dist/index.js"),
  ),
  "docs",
);
const ARCHITECTURE_URI = "demo://resource/static/document/architecture.md";

async function addEverything(page: Page, url: string): Promise<string> {
  const made = await page.request.post("/api/mcp/servers", {
    data: { transport: "http", name: "everything", url: `${url}/mcp` },
  });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()).id;
}

test("console: a resource attached to a message goes to the model with it and shows as a chip; refused, the message comes back", async ({
  page,
  provider,
  everything,
}) => {
  const ui = await ConsolePage.openAsNewUser(page);
  const serverId = await addEverything(page, everything.origin);

  await page.getByRole("button", { name: "Attach resource" }).click();
  const picker = page.getByRole("dialog", { name: "Attach an MCP resource" });
  await expect(picker.getByLabel("Server")).toHaveValue(serverId, { timeout: 15_000 });
  await picker.getByLabel("Resource").selectOption({ label: "architecture.md" });
  await expect(picker).toContainText(ARCHITECTURE_URI);
  expect(await seriousViolations(page), "resource picker").toEqual([]);
  await picker.getByRole("button", { name: "Attach" }).click();
  await expect(picker).toBeHidden();
  const waiting = page.getByRole("list", { name: "Resources to send" });
  await expect(waiting).toContainText("architecture.md · everything");

  provider.script({ kind: "text", chunks: ["It explains the ", "architecture."] });
  await ui.message.fill("Summarise the attachment");
  await ui.message.press("Enter");
  await expect(waiting).toBeHidden();
  await expect(ui.messages.getByText("It explains the architecture.")).toBeVisible({ timeout: 15_000 });
  const sent = ui.messages.getByRole("article").filter({ hasText: "Summarise the attachment" });
  const chip = sent.getByRole("list", { name: "Attached resources" }).getByRole("button");
  await expect(chip).toHaveText(/architecture\.md · everything/);
  const body = JSON.stringify(provider.calls.at(-1)?.body);
  expect(body).toContain(`uri=\\"${ARCHITECTURE_URI}\\"`);
  const firstLine = readFileSync(path.join(docs, "architecture.md"), "utf8").split("\n")[0] ?? "";
  expect(body).toContain(firstLine);

  // The chip opens what was sent; after a reload it is still there.
  await chip.click();
  const viewer = page.getByRole("dialog", { name: "architecture.md" });
  await expect(viewer).toContainText(firstLine);
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(chip).toBeFocused();
  await page.reload();
  await expect(chip).toBeVisible();

  // The server is turned off after the resource was picked: the message is refused and comes back.
  await page.getByRole("button", { name: "Attach resource" }).click();
  await picker.getByLabel("Resource").selectOption({ label: "architecture.md" });
  await picker.getByRole("button", { name: "Attach" }).click();
  await expect(waiting).toContainText("architecture.md");
  const off = await page.request.patch(`/api/mcp/servers/${serverId}`, { data: { enabled: false } });
  expect(off.status()).toBe(200);
  await ui.message.fill("And again");
  await ui.message.press("Enter");
  await expect(toasts(page).getByText('The MCP server "everything" is turned off')).toBeVisible();
  await expect(ui.message).toHaveValue("And again");
  await expect(waiting).toContainText("architecture.md");
  await expect(ui.send).toBeEnabled();
  await waiting.getByRole("button", { name: "Remove architecture.md" }).click();
  await expect(waiting).toBeHidden();
  expect(await seriousViolations(page), "console with attachments").toEqual([]);

  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => scrollsSideways(page)).toBe(false);
});

test("PromptCanvas: an MCP prompt asks for its arguments (required ones enforced) and becomes the prompt to run", async ({
  page,
  provider,
  everything,
}) => {
  await openApp(page, "prompt-canvas", "PromptCanvas");
  await addEverything(page, everything.origin);
  await page.getByRole("button", { name: "Use an MCP prompt" }).click();
  const dialog = page.getByRole("dialog", { name: "Use an MCP prompt" });
  const promptField = dialog.getByLabel("Prompt", { exact: true });
  await expect(promptField).toBeVisible({ timeout: 15_000 });
  await promptField.selectOption("args-prompt");
  await expect(dialog).toContainText("A prompt with two arguments, one required and one optional");
  await dialog.getByRole("button", { name: "Use prompt" }).click();
  await expect(dialog.getByText("Required", { exact: true })).toBeVisible();
  expect(await seriousViolations(page), "prompt dialog with an error").toEqual([]);
  await dialog.getByLabel("city (required)").fill("Paris");
  await dialog.getByLabel("state", { exact: true }).fill("Texas");
  await dialog.getByRole("button", { name: "Use prompt" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("everything: args-prompt");
  await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue("What's weather in Paris, Texas?");

  provider.script({ kind: "text", chunks: ["Sunny."] });
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.getByRole("region", { name: "Answer: default model" })).toContainText("Sunny.");
  const sent = provider.calls.at(-1)?.body as { messages: { content: string }[] };
  expect(sent.messages.at(-1)?.content).toBe("What's weather in Paris, Texas?");

  // A prompt with an embedded resource: its text is part of the prompt.
  await page.getByRole("button", { name: "Use an MCP prompt" }).click();
  await promptField.selectOption("resource-prompt");
  await dialog.getByLabel("resourceType (required)").fill("Text");
  await dialog.getByLabel("resourceId (required)").fill("2");
  await dialog.getByRole("button", { name: "Use prompt" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue(
    /resource with id: 2[\s\S]*\n\nResource 2: This is a plaintext resource created at/,
  );

  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => scrollsSideways(page)).toBe(false);
});
