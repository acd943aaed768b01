import { expect, type Page } from "@playwright/test";
import { ConsolePage } from "./pages/console-page";
import { scrollsSideways, seriousViolations } from "./support/ui";
import { test } from "./support/with-mcp";

/**
 * An agent using an MCP server's tools in the console: the reference server
 * (server-everything) over HTTP, the model scripted by the provider test server.
 */
// Long runs through a model and an MCP server: up to 90 s alone, more on a busy 2-core machine.
test.describe.configure({ timeout: 150_000 });
test.beforeEach(({ provider }) => provider.reset());

const LONG = "everything__trigger-long-running-operation";
const GZIP = "everything__gzip-file-as-resource";
const IMAGE = "everything__get-tiny-image";

/** The person's `everything` server and an agent (safe mode on) using its tools, in a session opened now. */
async function mcpSession(page: Page, ui: ConsolePage, url: string): Promise<void> {
  const server = await page.request.post("/api/mcp/servers", {
    data: { transport: "http", name: "everything", url },
  });
  expect(server.status(), await server.text()).toBe(201);
  const agent = await page.request.post("/api/agents", {
    data: { name: "MCP helper", tools: [LONG, GZIP, IMAGE], safeMode: true },
  });
  expect(agent.status(), await agent.text()).toBe(201);
  const session = await page.request.post("/api/sessions", {
    data: { title: "MCP run", agentId: (await agent.json()).id },
  });
  expect(session.status()).toBe(201);
  await page.reload();
  await ui.sessionSelect.selectOption({ label: "MCP run" });
  await expect(page.getByLabel("Agent", { exact: true }).locator("option:checked")).toHaveText(/^MCP helper/);
}

test("MCP tools on tool cards: progress live, JSON arguments edited and approved, image and resource results, after a reload too", async ({
  page,
  provider,
  everything,
}) => {
  const ui = await ConsolePage.openAsNewUser(page);
  await mcpSession(page, ui, `${everything.origin}/mcp`);
  const asked = {
    name: "model.txt.gz",
    data: "data:text/plain;base64,c3F1ZWV6ZSBtZQ==",
    outputType: "resource",
  };
  provider.script(
    { kind: "tool-calls", calls: [{ id: "c1", name: LONG, args: { duration: 8, steps: 4 } }] },
    {
      kind: "tool-calls",
      calls: [
        { id: "c2", name: GZIP, args: asked },
        { id: "c3", name: IMAGE, args: {} },
      ],
    },
    { kind: "text", chunks: ["Compressed and shown."] },
  );
  await ui.message.fill("Do the MCP things");
  await ui.message.press("Enter");

  // Read-only: runs at once; its progress shows on the card while it runs.
  const long = ui.messages.getByRole("region", { name: `Tool call: ${LONG}` });
  await expect(long.getByTestId("tool-output")).toContainText("1/4", { timeout: 15_000 });
  await expect(long).toContainText("Output · Running...");
  await expect(long).toContainText("Output · Succeeded", { timeout: 20_000 });
  await expect(long.getByTestId("tool-output")).toContainText("Long running operation completed");

  // Not read-only: waits, its arguments shown as JSON the person may edit.
  const gzip = ui.messages.getByRole("region", { name: `Tool call: ${GZIP}` });
  const approval = gzip.getByRole("region", { name: new RegExp(`Approval needed: ${GZIP}`) });
  await expect(approval).toBeVisible({ timeout: 15_000 });
  await expect(approval).toContainText("MCP server everything");
  const args = approval.getByLabel("Arguments (JSON) (you can edit it)");
  expect(JSON.parse(await args.inputValue())).toEqual(asked);
  expect(await seriousViolations(page), "dark theme, MCP approval card").toEqual([]);
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  expect(await seriousViolations(page), "light theme, MCP approval card").toEqual([]);
  await page.getByRole("button", { name: "Switch to dark theme" }).click();

  await args.fill("{ not json");
  await expect(approval.getByText(/^Not valid JSON/)).toBeVisible();
  await expect(approval.getByRole("button", { name: "Approve" })).toBeDisabled();
  await args.fill(JSON.stringify({ ...asked, name: "edited.txt.gz" }, null, 2));
  await approval.getByRole("button", { name: "Approve" }).click();
  await expect(gzip.getByRole("status").filter({ hasText: "Approved with your edits" })).toBeVisible();
  await expect(gzip).toContainText("Output · Succeeded", { timeout: 15_000 });
  await expect(gzip.getByTestId("tool-output")).toContainText(
    "[resource: demo://resource/session/edited.txt.gz, application/gzip] binary",
  );

  // An image result is shown as an image.
  const image = ui.messages.getByRole("region", { name: `Tool call: ${IMAGE}` });
  const shown = image.getByRole("img", { name: `Result 1 of 1 from ${IMAGE}` });
  await expect(shown).toBeVisible({ timeout: 15_000 });
  expect(await shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(ui.messages.getByText("Compressed and shown.")).toBeVisible({ timeout: 15_000 });
  expect(JSON.stringify(provider.calls.at(-1)?.body)).toContain("edited.txt.gz");
  expect(await seriousViolations(page), "dark theme, MCP results").toEqual([]);

  // After a reload the cards are rebuilt from the stored messages, at 360 px too.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect(gzip.getByRole("status").filter({ hasText: "Approved with your edits" })).toBeVisible();
  await expect(gzip.getByTestId("tool-input")).toContainText("edited.txt.gz");
  await expect(image.getByRole("img", { name: `Result 1 of 1 from ${IMAGE}` })).toBeVisible();
  await expect.poll(() => scrollsSideways(page)).toBe(false);
});

test("Stop during a long MCP call cancels it; the card says so", async ({ page, provider, everything }) => {
  const ui = await ConsolePage.openAsNewUser(page);
  await mcpSession(page, ui, `${everything.origin}/mcp`);
  provider.script({
    kind: "tool-calls",
    calls: [{ id: "s1", name: LONG, args: { duration: 60, steps: 60 } }],
  });
  await ui.message.fill("Take your time");
  await ui.message.press("Enter");
  const card = ui.messages.getByRole("region", { name: `Tool call: ${LONG}` });
  await expect(card.getByTestId("tool-output")).toContainText("1/60", { timeout: 15_000 });
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(card).toContainText("Output · Stopped: the call was cancelled");
  await expect(ui.messages.getByTestId("agent-status")).toHaveText("Agent run stopped");
  await expect(page.getByRole("button", { name: "Stop" })).toBeHidden();
});
