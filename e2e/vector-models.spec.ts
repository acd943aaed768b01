import { expect } from "@playwright/test";
import { createAccount, signIn } from "./support/accounts";
import { seriousViolations, toasts } from "./support/ui";
import { test } from "./support/with-provider";

/** Vector Search's Models tab: the person's embedding model, switched with the index re-embedded. */
test.describe.configure({ timeout: 90_000 });
test.beforeEach(({ provider }) => provider.reset());

test("switching to OpenAI's embeddings re-embeds the index with progress, then searches use it; a model that cannot embed says why", async ({
  page,
  provider,
}) => {
  await signIn(page, await createAccount(page.request));
  await page.request.put("/api/files/content", {
    data: { path: "/home/user/notes/garden.md", content: "# Garden\n\nPlant the tomatoes in April." },
  });
  await page.goto("/vector-search");
  await page.getByRole("button", { name: "Index my data" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Indexed \d+ of \d+ items/ })).toBeVisible({
    timeout: 20_000,
  });

  await page.getByRole("tab", { name: "Models" }).click();
  const openai = page.getByRole("listitem").filter({ hasText: "OpenAI text-embedding-3-small" });
  await expect(openai).toContainText("Provider openai · model text-embedding-3-small · 1536 dimensions");
  await expect(openai).toContainText("inactive");
  await openai.getByRole("button", { name: "Use OpenAI text-embedding-3-small" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Now searching with OpenAI text-embedding-3-small." }),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(openai.getByText("active", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("listitem").filter({ hasText: "GloVe 100-d (local, offline)" }).getByText("inactive"),
  ).toBeVisible();
  expect(provider.requests.some((r) => r.path === "/openai/v1/embeddings")).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  // Nothing answers for Ollama here: refused at once, and the index stays on OpenAI.
  await page.getByRole("button", { name: "Use Ollama nomic-embed-text" }).click();
  await expect(toasts(page).getByText("Model Switch Failed")).toBeVisible();
  await expect(toasts(page).getByText(/Ollama could not be reached for embeddings/)).toBeVisible();
  await expect(openai.getByText("active", { exact: true })).toBeVisible();

  await page.getByRole("tab", { name: "Search" }).click();
  await page.getByLabel("Search", { exact: true }).fill("tomatoes April");
  await page.getByLabel("Search", { exact: true }).press("Enter");
  const first = page.getByRole("list", { name: "Results" }).getByRole("listitem").first();
  await expect(first).toContainText("/home/user/notes/garden.md:1-3");
});
