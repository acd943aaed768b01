import http from "node:http";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { signedInAccount } from "./support/accounts";
import { PROVIDER_TEST_PORT } from "./support/global-setup";
import { chooseTheme, scrollsSideways, seriousViolations, toasts } from "./support/ui";

// Sign-in is rate-limited per IP for the whole suite: this file signs in once and shares the page.
test.describe.configure({ mode: "serial" });

const KEY = "sk-e2e-settings-0123456789wxyz";
const BASE_URL = `http://127.0.0.1:${PROVIDER_TEST_PORT}/v1`;

let context: BrowserContext;
let page: Page;
let fake: http.Server;
const seenAuthorization: string[] = [];

/** A tiny OpenAI-compatible server: GET /v1/models lists one model when the key is right. */
async function startFakeOpenAi(): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    seenAuthorization.push(String(request.headers.authorization ?? ""));
    if (request.method === "GET" && request.url === "/v1/models") {
      if (request.headers.authorization !== `Bearer ${KEY}`) {
        response.writeHead(401, { "content-type": "application/json" });
        response.end(
          JSON.stringify({ error: { message: "Incorrect API key", type: "invalid_request_error" } }),
        );
        return;
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ object: "list", data: [{ id: "gpt-4", object: "model", owned_by: "e2e" }] }),
      );
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(PROVIDER_TEST_PORT, "127.0.0.1", resolve);
  });
  return server;
}

async function openSettings(target: Page) {
  await target.goto("/dashboard/settings");
  await expect(target.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(target.getByRole("button", { name: "Save settings" })).toBeVisible();
}

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  fake = await startFakeOpenAi();
  context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  page = await context.newPage();
  await signedInAccount(page);
});

test.afterAll(async () => {
  await context?.close();
  await new Promise<void>((resolve) => (fake ? fake.close(() => resolve()) : resolve()));
});

test("with no provider usable the console shows the setup card; a pasted key makes the chat ready", async () => {
  await page.goto("/console");
  const setup = page.getByRole("region", { name: "Connect a model to start chatting" });
  // The suite's first visit to the console on this context: the session is made, the providers
  // are checked and the card's code is loaded lazily, which on CI's loaded machine took over 12 s.
  await expect(setup).toBeVisible({ timeout: 30_000 });
  await setup.getByRole("button", { name: "Check for Ollama" }).click();
  await expect(setup.getByRole("status")).toContainText("Not found");
  expect(await seriousViolations(page)).toEqual([]);
  await setup.getByLabel("Provider").selectOption("openai");
  // A key the provider refuses is not saved, and the provider's own words say why.
  await setup.getByLabel("OpenAI API key", { exact: true }).fill("sk-e2e-wrong-0123456789");
  await setup.getByRole("button", { name: "Save key" }).click();
  await expect(setup.getByRole("alert")).toContainText(
    "OpenAI did not accept this key: OpenAI rejected the API key (HTTP 401: Incorrect API key)",
  );
  expect((await (await page.request.get("/api/settings")).json()).providers.openai.apiKey.set).toBe(false);
  await setup.getByLabel("OpenAI API key", { exact: true }).fill(KEY);
  await setup.getByRole("button", { name: "Save key" }).click();
  await expect(toasts(page).getByText("OpenAI key saved")).toBeVisible();
  await expect(setup).toBeHidden();
  const providers = await (await page.request.get("/api/llm/providers")).json();
  expect(providers).toMatchObject({ usableProvider: "openai", defaultProvider: "openai" });
});

test("Settings saves with a toast and shows the key only masked after a reload", async () => {
  await openSettings(page);
  await page.getByLabel("OpenAI API key", { exact: true }).fill(KEY);
  await page.getByLabel("OpenAI base URL").fill(BASE_URL);
  await page.getByLabel("Temperature").fill("0.4");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(toasts(page).getByText("Settings saved")).toBeVisible();

  await page.reload();
  await expect(page.getByRole("button", { name: "Save settings" })).toBeVisible();
  const mask = page.getByTestId("openai-key-mask");
  await expect(mask).toContainText("wxyz");
  await expect(mask).not.toContainText(KEY);
  await expect(page.getByLabel("OpenAI API key", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("OpenAI base URL")).toHaveValue(BASE_URL);
  await expect(page.getByLabel("Temperature")).toHaveValue("0.4");
  expect(await page.content()).not.toContain(KEY);
});

test("Test connection shows the live status of the saved provider", async () => {
  await openSettings(page);
  await page.getByRole("button", { name: "Test connection to OpenAI" }).click();
  const status = page.getByTestId("openai-status");
  await expect(status).toContainText("Active");
  await expect(status).toContainText("1 model");
  expect(seenAuthorization).toContain(`Bearer ${KEY}`);

  // Anthropic has no key here: the check says so instead of failing silently.
  await page.getByRole("button", { name: "Test connection to Anthropic" }).click();
  await expect(page.getByTestId("anthropic-status")).toContainText("Not configured");
});

test("a base URL pointing at cloud metadata is refused under its input", async () => {
  await openSettings(page);
  const input = page.getByLabel("Anthropic base URL");
  await input.fill("http://169.254.169.254/");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(toasts(page).getByText("Settings not saved")).toBeVisible();
  await expect(input).toHaveAttribute("aria-invalid", "true");
  const describedBy = await input.getAttribute("aria-describedby");
  expect(describedBy).toBeTruthy();
  await expect(page.locator(`[id="${describedBy}"]`)).toContainText(/refused/i);
  expect(await seriousViolations(page)).toEqual([]);
});

test("client-side validation shows field errors", async () => {
  await openSettings(page);
  await page.getByLabel("Max tokens").fill("0");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Max tokens must be at least 1")).toBeVisible();
  await expect(page.getByLabel("Max tokens")).toBeFocused();
});

test("the local model download fails with a clear message", async () => {
  await openSettings(page);
  await page.getByRole("button", { name: /^Download SmolLM2 135M/ }).click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: /download|admin|network/i })
      .first(),
  ).toBeVisible();
});

test("Remove key deletes the saved key", async () => {
  await openSettings(page);
  await page.getByRole("button", { name: "Remove OpenAI key" }).click();
  await expect(toasts(page).getByText("API key removed")).toBeVisible();
  await expect(page.getByTestId("openai-key-mask")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("button", { name: "Save settings" })).toBeVisible();
  await expect(page.getByTestId("openai-key-mask")).toHaveCount(0);
});

for (const theme of ["light", "dark"] as const) {
  test(`Settings has no serious axe violations (${theme}) and works at 360 px`, async () => {
    await chooseTheme(page, theme);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openSettings(page);
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 360, height: 740 });
    await openSettings(page);
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    await page.getByRole("button", { name: "Save settings" }).focus();
    await page.keyboard.press("Enter");
    await expect(toasts(page).getByText("Settings saved")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/neuroos-shots/settings-360-${theme}.png`, fullPage: true });
  });
}
