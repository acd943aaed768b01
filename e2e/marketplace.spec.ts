import { expect, type Page } from "@playwright/test";
import { MarketplacePage } from "./pages/marketplace-page";
import { PARTNER_DOMAIN, signIn } from "./support/accounts";
import { AppServer } from "./support/app-server";
import { newPerson, test } from "./support/market-server";
import { chooseTheme, scrollsSideways, seriousViolations, toasts } from "./support/ui";

/** /marketplace: browse, search and filter; installs with their effect in the other screens; publishing. */
test.describe.configure({ timeout: 120_000 });

test("visitors search and filter on the server, see 'No Image' and the empty state, and read an item's details", async ({
  page,
}) => {
  // One picture fails to load: its card says 'No Image' (others have none at all).
  await page.route("**/images/marketplace/agent.svg", (route) => route.abort());
  const market = new MarketplacePage(page);
  await page.goto("/");
  await page.getByRole("main").getByRole("link", { name: "Explore Marketplace" }).click();
  await expect(page).toHaveURL("/marketplace");
  await market.open();
  await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/dashboard");
  expect(await market.titles().count()).toBeGreaterThanOrEqual(19);
  await expect(market.card("Code Reviewer").getByText("No Image")).toBeVisible();
  await expect(market.card("Blog Post Outline").getByText("No Image")).toBeVisible();
  await expect(market.card("Meeting Summary").getByText("No Image")).toHaveCount(0);
  const pro = market.card("Research Assistant Pro");
  await expect(pro).toContainText("$19.99");
  await expect(pro).toContainText("Service");
  await expect(pro).toContainText("No ratings yet");
  await expect(pro).toContainText("0 downloads");
  await expect(market.card("Meeting Summary")).toContainText("Free");
  await expect(
    market.card("Meeting Summary").getByRole("link", { name: "Sign in to install" }),
  ).toBeVisible();

  await market.searchFor("sql");
  await expect(market.titles()).toHaveText(["SQL Explainer"]);
  await expect(page).toHaveURL(/search=sql/);
  await market.searchFor("");
  await market.category.selectOption({ label: "AI models" });
  await expect(market.titles()).toHaveCount(7);
  for (const card of await market.items.getByRole("listitem").all())
    await expect(card).toContainText("AI model");
  await market.searchFor("qwen");
  await expect(market.titles()).toHaveText(["Qwen2.5 0.5B Instruct"]);
  await market.searchFor("no such thing at all");
  await expect(page.getByText("No items found")).toBeVisible();
  await expect(page.getByText("Try adjusting your search terms or filters")).toBeVisible();

  await market.searchFor("review");
  await market.category.selectOption("all");
  const details = market.card("Code Reviewer").getByRole("button", { name: "Details of Code Reviewer" });
  await details.focus();
  await page.keyboard.press("Enter");
  const dialog = market.details("Code Reviewer");
  await expect(dialog).toContainText("It only reads: it has no tool that changes files or runs code.");
  await expect(dialog).toContainText("Adds the agent “Code Reviewer” to your Tools & Agents.");
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(details).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 360, height: 740 });
  await market.open();
  await expect.poll(() => scrollsSideways(page)).toBe(false);
  await chooseTheme(page, "light");
  await market.open();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  expect(await seriousViolations(page)).toEqual([]);
});

/** The person's agents on Tools & Agents. */
async function agentHeadings(page: Page) {
  await page.goto("/dashboard/tools");
  await expect(page.getByRole("heading", { level: 3, name: /Interpreter/ })).toBeVisible();
  return page.getByRole("heading", { level: 3 });
}

test("agents, prompt templates and MCP servers install into the account and uninstall again", async ({
  page,
}) => {
  await newPerson(page);
  const market = new MarketplacePage(page);
  await market.open("?search=Code%20Reviewer");
  await market.install("Code Reviewer");
  await expect(market.card("Code Reviewer")).toContainText("1 download");
  await expect(await agentHeadings(page)).toContainText(["Code Reviewer"]);
  await market.open("?search=Code%20Reviewer");
  await market.uninstall("Code Reviewer");
  await expect(market.card("Code Reviewer")).toContainText("0 downloads");
  await expect((await agentHeadings(page)).filter({ hasText: "Code Reviewer" })).toHaveCount(0);

  await market.open("?category=template&search=meeting");
  await market.install("Meeting Summary");
  await page.goto("/dashboard/apps/prompt-canvas");
  const saved = page.getByRole("region", { name: "Saved prompts" }).getByRole("listitem");
  await expect(saved.filter({ hasText: "Meeting Summary" })).toContainText("Summarise these meeting notes");
  await market.open("?category=template&search=meeting");
  await market.uninstall("Meeting Summary");
  await page.goto("/dashboard/apps/prompt-canvas");
  await expect(page.getByText("No saved prompts yet: write one and Save it.")).toBeVisible();

  await market.open("?category=tool&search=everything");
  await market.install("Everything (MCP reference server)");
  const servers = async () =>
    (await (await page.request.get("/api/mcp/servers")).json()) as { name: string }[];
  expect((await servers()).map((s) => s.name)).toEqual(["everything"]);
  // It is on Tools & Agents, ready to connect (it runs in the sandbox: npx needs a network).
  await page.goto("/dashboard/tools");
  const mcpList = page.getByRole("list", { name: "MCP servers" });
  await expect(mcpList.getByRole("heading", { level: 3, name: /^everything\b/ })).toBeVisible({
    timeout: 20_000,
  });
  await market.open("?category=tool&search=everything");
  await market.uninstall("Everything (MCP reference server)");
  expect(await servers()).toEqual([]);
});

test("an app shortcut pins its app to the desktop and the dashboard; uninstalling unpins it", async ({
  page,
}) => {
  await newPerson(page);
  const market = new MarketplacePage(page);
  await market.open("?search=terminal%20shortcut");
  const dialog = await market.openDetails("Terminal Shortcut");
  await expect(dialog.getByRole("link", { name: "Open Terminal" })).toHaveAttribute("href", "/terminal");
  await dialog.getByRole("button", { name: "Install Terminal Shortcut" }).click();
  await expect(dialog.getByRole("button", { name: "Uninstall Terminal Shortcut" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(market.card("Terminal Shortcut").getByText("Installed", { exact: true })).toBeVisible();

  await page.goto("/desktop");
  await expect(
    page.getByRole("list", { name: "Desktop apps" }).getByRole("button", { name: "Terminal" }),
  ).toBeVisible();
  await page.goto("/dashboard");
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await expect(nav.getByRole("heading", { name: "Pinned" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Terminal" })).toHaveAttribute("href", "/terminal");

  await market.open("?search=terminal%20shortcut");
  await market.uninstall("Terminal Shortcut");
  await page.goto("/desktop");
  await expect(
    page.getByRole("list", { name: "Desktop apps" }).getByRole("button", { name: "NotesPad" }),
  ).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Desktop apps" }).getByRole("button", { name: "Terminal" }),
  ).toHaveCount(0);
  await page.goto("/dashboard");
  await expect(
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("heading", { name: "Pinned" }),
  ).toHaveCount(0);
});

test("an embedding model switches Vector Search; a local model downloads with progress", async ({ page }) => {
  await newPerson(page);
  const market = new MarketplacePage(page);
  await market.open("?search=openai%20embeddings");
  await market.install("OpenAI Embeddings");
  const models = async () => {
    await page.goto("/vector-search");
    await page.getByRole("tab", { name: "Models" }).click();
    return {
      openai: page.getByRole("listitem").filter({ hasText: "OpenAI text-embedding-3-small" }),
      glove: page.getByRole("listitem").filter({ hasText: "GloVe 100-d (local, offline)" }),
    };
  };
  let tab = await models();
  await expect(tab.openai.getByText("active", { exact: true })).toBeVisible();
  await expect(tab.glove.getByText("inactive", { exact: true })).toBeVisible();
  await market.open("?search=openai%20embeddings");
  await market.uninstall("OpenAI Embeddings");
  tab = await models();
  await expect(tab.glove.getByText("active", { exact: true })).toBeVisible();

  await market.open("?search=smollm2%20135m");
  const card = market.card("SmolLM2 135M Instruct");
  await card.getByRole("button", { name: "Install SmolLM2 135M Instruct" }).click();
  await expect(card.getByRole("progressbar", { name: "Installing SmolLM2 135M Instruct" })).toBeVisible();
  await expect(card.getByText(/^Downloading: [\d.]+ [KM]B of 3\.0 MB \(\d+%\)$/)).toBeVisible();
  await expect(card.getByText("Installed", { exact: true })).toBeVisible({ timeout: 20_000 });
  const local = async () =>
    (await (await page.request.get("/api/llm/local/models")).json()).models.find(
      (m: { name: string }) => m.name === "smollm2-135m-instruct",
    );
  expect(await local()).toMatchObject({ installed: true, sizeBytes: 3 * 1024 * 1024 });
  await market.uninstall("SmolLM2 135M Instruct");
  expect(await local()).toMatchObject({ installed: false });
});

test("without a network a local model's install says so", async ({ separatePage }) => {
  const offline = await AppServer.start({ HF_ENDPOINT: "http://127.0.0.1:9" });
  try {
    const page = await separatePage(offline.url);
    await newPerson(page);
    await page.goto("/marketplace?search=qwen");
    const card = new MarketplacePage(page).card("Qwen2.5 0.5B Instruct");
    await card.getByRole("button", { name: "Install Qwen2.5 0.5B Instruct" }).click();
    await expect(card.getByRole("alert")).toContainText(
      "No network: this server cannot reach Hugging Face to download the model.",
    );
    await expect(card.getByRole("button", { name: "Install Qwen2.5 0.5B Instruct" })).toBeVisible();
    await expect(card).toContainText("0 downloads");
  } finally {
    await offline.dispose();
  }
});

test("a person publishes an agent privately; the admin makes it public; others read and install it", async ({
  page,
  separatePage,
  market: server,
  baseURL,
}) => {
  await newPerson(page);
  await page.request.post("/api/agents", {
    data: { name: "Pocket Poet", systemPrompt: "You write short poems." },
  });
  const market = new MarketplacePage(page);
  await market.open();
  await page.getByRole("button", { name: "Publish" }).click();
  const form = page.getByRole("dialog", { name: "Publish to the marketplace" });
  await form.getByLabel("What to publish").selectOption({ label: "Pocket Poet" });
  await expect(form.getByLabel("Title")).toHaveValue("Pocket Poet");
  await form.getByLabel("Short description").fill("Short poems on request.");
  await form
    .getByLabel("Description", { exact: true })
    .fill("An agent that writes short poems about anything.");
  await form.getByRole("button", { name: "Publish" }).click();
  await expect(toasts(page).getByText("Published")).toBeVisible();
  await market.searchFor("poems");
  await expect(market.card("Pocket Poet").getByText("Private")).toBeVisible();

  const other = await separatePage(baseURL);
  await newPerson(other);
  const othersView = new MarketplacePage(other);
  await othersView.open("?search=poems");
  await expect(other.getByText("No items found")).toBeVisible();

  const admin = await separatePage(baseURL);
  await signIn(admin, server.admin);
  const adminView = new MarketplacePage(admin);
  await adminView.open("?search=poems");
  const review = await adminView.openDetails("Pocket Poet");
  await review.getByRole("button", { name: "Make public" }).click();
  await expect(review.getByRole("button", { name: "Make private" })).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);

  await othersView.open("?search=poems");
  const dialog = await othersView.openDetails("Pocket Poet");
  await expect(dialog).toContainText("Published by someone else: read-only.");
  await expect(dialog.getByRole("button", { name: "Withdraw" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Install Pocket Poet" }).click();
  await expect(dialog.getByRole("button", { name: "Uninstall Pocket Poet" })).toBeVisible();
  await expect(await agentHeadings(other)).toContainText(["Pocket Poet"]);
});

test("paid items: a free account is told it needs the Pro plan; Executive Access installs them", async ({
  page,
  separatePage,
  baseURL,
}) => {
  await newPerson(page);
  const market = new MarketplacePage(page);
  await market.open("?search=research%20assistant");
  const card = market.card("Research Assistant Pro");
  await expect(card).toContainText("$19.99");
  await expect(
    card.getByRole("button", { name: "Research Assistant Pro needs the Pro plan" }),
  ).toBeDisabled();
  await expect(card).toContainText("Pro and Executive Access accounts can install it.");
  const refused = await page.request.post("/api/marketplace/research-assistant-pro/install");
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe("plan_required");

  const partnerPage = await separatePage(baseURL);
  await newPerson(partnerPage, PARTNER_DOMAIN);
  const partner = new MarketplacePage(partnerPage);
  await partner.open("?search=research%20assistant");
  await partner.install("Research Assistant Pro");
  await expect(partner.card("Research Assistant Pro")).toContainText("1 download");
});
