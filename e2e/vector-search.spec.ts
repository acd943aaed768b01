import { expect, test } from "@playwright/test";
import { createAccount, signIn } from "./support/accounts";
import { chooseTheme, scrollsSideways, seriousViolations, toasts } from "./support/ui";

/** Vector Search: offline embeddings (no key), the index of the person's data, hybrid search. */
test.describe.configure({ timeout: 60_000 });

test("index my data, then search it by meaning and by word; analytics and models show what happened", async ({
  page,
}) => {
  await signIn(page, await createAccount(page.request));
  await page.request.put("/api/files/content", {
    data: {
      path: "/home/user/notes/garden.md",
      content: "# Garden\n\nPlant the tomatoes in April, water them daily.",
    },
  });
  await page.goto("/vector-search");
  await expect(page.getByRole("heading", { level: 1, name: "Vector Search" })).toBeVisible();
  await expect(page.getByText("Initialized", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(toasts(page).getByText("Search Query Required")).toBeVisible();
  await expect(toasts(page).getByText("Please enter a search query")).toBeVisible();

  await page.getByRole("button", { name: "Index my data" }).click();
  await expect(toasts(page).getByText("Vector Service Initialized")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /Indexed \d+ of \d+ items/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText("HNSW index (pgvector)")).toBeVisible();

  await page.getByLabel("Search", { exact: true }).fill("vegetables to grow");
  await page.getByLabel("Similarity threshold: 0.70").fill("0.3");
  await page.getByLabel("Search", { exact: true }).press("Enter");
  await expect(toasts(page).getByText("Search Complete")).toBeVisible();
  await expect(toasts(page).getByText(/^Found \d+ results$/)).toBeVisible();
  const first = page.getByRole("list", { name: "Results" }).getByRole("listitem").first();
  await expect(first).toContainText("/home/user/notes/garden.md:1-3");
  await expect(first).toContainText(/\d+\.\d%/);
  await expect(first).toContainText("file");

  // By words only: the query's word is marked in the passage shown.
  await page.getByLabel("Mode").selectOption("keyword");
  await page.getByLabel("Search", { exact: true }).fill("tomatoes");
  await page.getByLabel("Search", { exact: true }).press("Enter");
  await expect(first.locator("mark")).toHaveText("tomatoes");
  await expect(first).toContainText("/home/user/notes/garden.md:1-3");
  await page.getByLabel("Mode").selectOption("hybrid");
  await page.getByLabel("Search", { exact: true }).fill("vegetables to grow");

  await page.getByLabel("Content type").selectOption("message");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(toasts(page).getByText("Found 0 results")).toBeVisible();
  await expect(page.getByText("No results: try other words or a lower threshold.")).toBeVisible();

  await page.getByRole("tab", { name: "Analytics" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "vegetables to grow" }).first()).toContainText(
    "message",
  );
  await page.getByRole("tab", { name: "Models" }).click();
  await expect(page.getByText("GloVe 100-d (local, offline)")).toBeVisible();
  await expect(page.getByText(/Provider local · model glove-100d · 100 dimensions/)).toBeVisible();
});

for (const theme of ["light", "dark"] as const) {
  test(`Vector Search has no serious axe violations (${theme}) and works at 360 px`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await chooseTheme(page, theme);
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, await createAccount(page.request));
    await page.goto("/vector-search");
    await expect(page.getByText("Initialized", { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => scrollsSideways(page)).toBe(false);
  });
}
