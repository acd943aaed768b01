import type { McpServerDetail } from "@neuroos/contracts";
import { type Browser, expect, type Page } from "@playwright/test";
import { ConsolePage } from "./pages/console-page";
import { createAccount, newAccount, signIn } from "./support/accounts";
import { chooseTheme, scrollsSideways, seriousViolations, toasts } from "./support/ui";
import { mcpAppEnv, test as withMcp } from "./support/with-mcp";

/**
 * MCP servers on Tools & Agents: this spec's server (with the scripted model provider) may reach
 * the reference MCP server (`server-everything` over Streamable HTTP) started for it. The first
 * account on that server is the admin; the next ones are users.
 */
// Its fixture registered anew: this spec gets a worker and a server of its own, so its first
// account is the server's admin whatever other specs ran before.
const test = withMcp.extend({ appEnv: [mcpAppEnv, { scope: "worker" }] });
test.describe.configure({ mode: "serial", timeout: 90_000 });
test.beforeEach(({ provider }) => provider.reset());

const API_KEY = "sk-e2e-mcp-secret-value-9876";
/** A tool that changes something (not read-only): safe mode asks before it runs. */
const WRITING_TOOL = "everything__toggle-simulated-logging";

async function signedInPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, await createAccount(page.request, newAccount()));
  return page;
}

async function openTools(page: Page) {
  await page.goto("/dashboard/tools");
  // The page's code loads on first visit: slower on a busy machine.
  await expect(page.getByRole("heading", { level: 2, name: "MCP servers" })).toBeVisible({ timeout: 20_000 });
}

const serverCard = (page: Page, name: string) =>
  page
    .getByRole("list", { name: "MCP servers" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: new RegExp(`^${name}\\b`) }) });

/** The server's tools as the API lists them, once it is ready. */
async function readyTools(page: Page, name: string): Promise<string[]> {
  const list = (await (await page.request.get("/api/mcp/servers")).json()) as { id: string; name: string }[];
  const id = list.find((s) => s.name === name)?.id;
  const detail = (await (await page.request.get(`/api/mcp/servers/${id}`)).json()) as McpServerDetail;
  if (detail.status.state !== "ready") throw new Error(JSON.stringify(detail.status));
  return detail.status.tools.map((t) => t.name);
}

let admin: Page;

test("the admin adds a shared server by URL with an API key: validated, ready with its tools, key masked", async ({
  browser,
  app,
  everything,
}) => {
  admin = await signedInPage(browser, app.url); // the first account on this server: the admin
  await openTools(admin);
  await expect(admin.getByText("No MCP servers yet.")).toBeVisible();

  await admin.getByRole("button", { name: "Add server" }).click();
  const dialog = admin.getByRole("dialog", { name: "Add MCP server" });
  await dialog.getByRole("button", { name: "Add server" }).click();
  await expect(dialog.getByText("Name the server")).toBeVisible();
  await expect(dialog.getByText("Enter the server's URL")).toBeVisible();
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await dialog.getByLabel("Name").fill("Everything");
  await dialog.getByRole("button", { name: "Add server" }).click();
  await expect(dialog.getByText("Use lowercase letters, digits and hyphens only")).toBeVisible();

  // A URL the server refuses (not on its allowlist): the API's answer, under the field.
  await dialog.getByLabel("Name").fill("everything");
  await dialog.getByRole("textbox", { name: "URL" }).fill("http://127.0.0.1:9/mcp");
  await dialog.getByRole("button", { name: "Add server" }).click();
  await expect(dialog.getByRole("alert")).toContainText(/URL/);
  await expect(dialog.getByRole("textbox", { name: "URL" })).toHaveAttribute("aria-invalid", "true");

  await dialog.getByRole("textbox", { name: "URL" }).fill(`${everything.origin}/mcp`);
  await dialog.getByRole("button", { name: "Add header" }).click();
  await dialog.getByRole("textbox", { name: "Header 1 name" }).fill("X-Api-Key");
  await dialog.getByRole("textbox", { name: "Header 1 value" }).fill(API_KEY);
  await dialog.getByRole("checkbox", { name: "Share with every user" }).click();
  await dialog.getByRole("button", { name: "Add server" }).click();
  await expect(toasts(admin).getByText("MCP server added")).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = serverCard(admin, "everything");
  await expect(card.getByText("Shared by the admin")).toBeVisible();
  await expect(card.getByTestId("mcp-everything-status")).toHaveText(/^Ready · \d+ tools$/, {
    timeout: 20_000,
  });
  const tools = await readyTools(admin, "everything");
  await expect(card.getByTestId("mcp-everything-status")).toHaveText(`Ready · ${tools.length} tools`);

  // The key is never sent back: masked in the list and in the edit form.
  const listed = await (await admin.request.get("/api/mcp/servers")).text();
  expect(listed).not.toContain(API_KEY);
  expect(listed).toContain("sk-…9876");
  await card.getByRole("button", { name: "Edit everything" }).click();
  const edit = admin.getByRole("dialog", { name: "Edit everything" });
  await expect(edit.getByRole("list", { name: "Stored headers" })).toHaveText("X-Api-Key: sk-…9876");
  await edit.getByRole("button", { name: "Cancel" }).click();
  await expect(edit).toBeHidden();

  // Details: its tools (read-only or not), resources and prompts.
  await card.getByRole("button", { name: "Details of everything" }).click();
  const details = admin.getByRole("dialog", { name: "everything" });
  const toolList = details.getByRole("list", { name: /^Tools \(/ });
  await expect(details.getByRole("heading", { name: `Tools (${tools.length})` })).toBeVisible();
  const echo = toolList.getByRole("listitem").filter({ has: admin.getByText("echo", { exact: true }) });
  await expect(echo.getByText("Read-only")).toBeVisible();
  const writing = toolList
    .getByRole("listitem")
    .filter({ has: admin.getByText("toggle-simulated-logging", { exact: true }) });
  await expect(writing.getByText("Asks first in safe mode")).toBeVisible();
  await expect(details.getByRole("heading", { name: /^Resources \([1-9]\d*\)$/ })).toBeVisible();
  await expect(details.getByRole("heading", { name: /^Prompts \([1-9]\d*\)$/ })).toBeVisible();
  await admin.keyboard.press("Escape");
  await expect(details).toBeHidden();
  await expect(card.getByRole("button", { name: "Details of everything" })).toBeFocused();

  // Off and on again.
  await card.getByRole("button", { name: "Turn off everything" }).click();
  await expect(card.getByTestId("mcp-everything-status")).toHaveText("Disabled");
  await card.getByRole("button", { name: "Turn on everything" }).click();
  await expect(card.getByTestId("mcp-everything-status")).toHaveText(/^Ready · /, { timeout: 20_000 });
});

test("a user sees the shared server read-only, gives one of its tools to an agent, approves its call in the console", async ({
  browser,
  app,
  provider,
}) => {
  const page = await signedInPage(browser, app.url);
  await openTools(page);
  const card = serverCard(page, "everything");
  await expect(card.getByTestId("mcp-everything-status")).toHaveText(/^Ready · /, { timeout: 20_000 });
  await expect(card.getByRole("button", { name: "Details of everything" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Reconnect everything" })).toBeVisible();
  for (const action of ["Edit", "Turn off", "Delete"])
    await expect(card.getByRole("button", { name: `${action} everything` })).toHaveCount(0);

  // The agent dialog offers the server's tools, grouped by server (at 360 px, dark theme).
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole("button", { name: "Edit Interpreter" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Interpreter" });
  const group = dialog.getByRole("group", { name: "MCP: everything" });
  await expect(group.getByRole("checkbox", { name: "everything__echo" })).not.toBeChecked();
  await group.getByRole("checkbox", { name: WRITING_TOOL }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await expect.poll(() => scrollsSideways(page)).toBe(false);
  await group.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/neuroos-shots/mcp-agent-dialog-360-dark.png" });
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole("button", { name: "Save agent" }).click();
  await expect(toasts(page).getByText("Agent saved")).toBeVisible();
  await expect(
    page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: /^Interpreter/ }) }),
  ).toContainText(WRITING_TOOL);

  // A turn in which the model calls it: safe mode asks; approved, it runs and its result shows.
  const ui = new ConsolePage(page);
  await ui.goto();
  await expect(ui.statusBar.getByRole("status")).toHaveText("Ready");
  await ui.useInterpreter();
  provider.script(
    { kind: "tool-calls", calls: [{ id: "call_mcp", name: WRITING_TOOL, args: {} }] },
    { kind: "text", chunks: ["Simulated logging is on."] },
  );
  await ui.message.fill("Turn on the simulated logging");
  await ui.message.press("Enter");
  const toolCard = ui.messages.getByRole("region", { name: `Tool call: ${WRITING_TOOL}` });
  const approval = toolCard.getByRole("region", { name: new RegExp(`^Approval needed: ${WRITING_TOOL}`) });
  await expect(approval).toBeVisible({ timeout: 20_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await approval.getByRole("button", { name: "Approve" }).click();
  await expect(toolCard.getByRole("status").filter({ hasText: "Approved" })).toBeVisible();
  await expect(toolCard.getByTestId("tool-output")).toContainText(
    "Started simulated, random-leveled logging",
    {
      timeout: 20_000,
    },
  );
  await expect(toolCard).toContainText(/Output · Succeeded/);
  await expect(ui.messages.getByText("Simulated logging is on.")).toBeVisible({ timeout: 15_000 });
  await page.context().close();
});

for (const theme of ["dark", "light"] as const) {
  test(`MCP servers: no serious axe violations (${theme}), usable at 360 px`, async () => {
    await chooseTheme(admin, theme);
    await admin.setViewportSize({ width: 1280, height: 800 });
    await openTools(admin);
    await expect(admin.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    const card = serverCard(admin, "everything");
    await expect(card.getByTestId("mcp-everything-status")).toHaveText(/^Ready · /, { timeout: 20_000 });
    expect(await seriousViolations(admin)).toEqual([]);

    await admin.setViewportSize({ width: 360, height: 740 });
    await admin.reload();
    await expect(card.getByTestId("mcp-everything-status")).toHaveText(/^Ready · /, { timeout: 20_000 });
    await expect.poll(() => scrollsSideways(admin)).toBe(false);
    await card.getByRole("button", { name: "Details of everything" }).click();
    const details = admin.getByRole("dialog", { name: "everything" });
    await expect(details.getByRole("heading", { name: /^Tools \(/ })).toBeVisible();
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.keyboard.press("Escape");
    // Closed only once its exit is over; then focus goes back to the Details button (a press of
    // Enter before that would open the details again).
    await expect(details).toBeHidden();
    await expect(card.getByRole("button", { name: "Details of everything" })).toBeFocused();
    // The add dialog from the keyboard, with the admin's choices for a local server.
    await admin.getByRole("button", { name: "Add server" }).focus();
    await admin.keyboard.press("Enter");
    const dialog = admin.getByRole("dialog", { name: "Add MCP server" });
    await dialog.getByRole("radio", { name: /Local \(command\)/ }).check();
    await expect(dialog.getByRole("checkbox", { name: "Allow network access" })).toBeVisible();
    expect(await seriousViolations(admin)).toEqual([]);
    await expect.poll(() => scrollsSideways(admin)).toBe(false);
    await admin.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(admin.getByRole("button", { name: "Add server" })).toBeFocused();
  });
}

test("the admin deletes the shared server after confirming: gone for everyone", async () => {
  await admin.setViewportSize({ width: 1280, height: 800 });
  await openTools(admin);
  await serverCard(admin, "everything").getByRole("button", { name: "Delete everything" }).click();
  const confirm = admin.getByRole("dialog", { name: "Delete everything?" });
  await expect(confirm).toContainText("It is removed for every user");
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toasts(admin).getByText("MCP server deleted")).toBeVisible();
  await expect(admin.getByText("No MCP servers yet.")).toBeVisible();
  expect(await (await admin.request.get("/api/mcp/servers")).json()).toEqual([]);
  await admin.context().close();
});
