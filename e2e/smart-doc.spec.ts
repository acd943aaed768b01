import { expect, type Page } from "@playwright/test";
import { pdfToText, readDocx, readPdf } from "../apps/server/src/exports/testing/read-files";
import { download, openApp } from "./support/apps";
import { toasts } from "./support/ui";
import { test } from "./support/with-provider";

/** SmartDoc against the scripted model provider: AI edits on a selection or the whole text, undo, exports. */
test.describe.configure({ timeout: 60_000 });
test.beforeEach(({ provider }) => provider.reset());

const editor = (page: Page) => page.getByLabel("Document", { exact: true });

async function select(page: Page, text: string) {
  await editor(page).evaluate((area: HTMLTextAreaElement, part) => {
    const start = area.value.indexOf(part);
    area.focus();
    area.setSelectionRange(start, start + part.length);
  }, text);
}

test("an AI action replaces only the selection, streaming first; Undo AI edit puts it back; nothing to work on or a failure says so", async ({
  page,
  provider,
}) => {
  await openApp(page, "smart-doc", "SmartDoc");
  await page.getByRole("button", { name: "Rephrase" }).click();
  await expect(toasts(page).getByText("No Text Selected")).toBeVisible();
  await expect(toasts(page).getByText("Please select text or write some content first")).toBeVisible();

  await editor(page).fill("Intro stays.\n\nthe cat sat on teh mat\n\nOutro stays.");
  await select(page, "the cat sat on teh mat");
  provider.script({ kind: "text", chunks: ["The cat ", "sat on the mat."], delayMs: 200 });
  await page.getByRole("button", { name: "Improve" }).click();
  await expect(page.getByRole("region", { name: "Improve" })).toContainText("The cat");
  await expect(toasts(page).getByText("Text Processed")).toBeVisible();
  await expect(editor(page)).toHaveValue("Intro stays.\n\nThe cat sat on the mat.\n\nOutro stays.");
  const sent = provider.calls.at(-1)?.body as { temperature: number; messages: { content: string }[] };
  expect(sent.temperature).toBe(0.7);
  expect(sent.messages.at(-1)?.content).toContain("the cat sat on teh mat");
  expect(sent.messages.at(-1)?.content).not.toContain("Intro stays");

  await page.getByRole("button", { name: "Undo AI edit" }).click();
  await expect(editor(page)).toHaveValue("Intro stays.\n\nthe cat sat on teh mat\n\nOutro stays.");
  await expect(page.getByRole("button", { name: "Undo AI edit" })).toBeDisabled();

  // No selection: the whole text.
  await editor(page).evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(0, 0));
  provider.script({ kind: "text", chunks: ["Hola a todos."] });
  await page.getByRole("button", { name: "Translate to Spanish" }).click();
  await expect(editor(page)).toHaveValue("Hola a todos.");
  const translated = provider.calls.at(-1)?.body as { messages: { content: string }[] };
  expect(translated.messages.at(-1)?.content).toContain("to Spanish");

  provider.script({ kind: "error", status: 500, body: { error: { message: "down" } } });
  await page.getByRole("button", { name: "Bullet Points" }).click();
  await expect(toasts(page).getByText("Processing Failed")).toBeVisible();
  await expect(toasts(page).getByText("Could not process text. Please try again.")).toBeVisible();
  await expect(editor(page)).toHaveValue("Hola a todos.");
});

test("exports: a PDF a reader opens and a DOCX a parser reads keep headings, lists, tables and emphasis; Markdown as written", async ({
  page,
}) => {
  await openApp(page, "smart-doc", "SmartDoc");
  await page.getByLabel("Title", { exact: true }).fill("Trip plan");
  const markdown =
    "# Trip plan\n\nPack **light** and *early*.\n\n- Passport\n- Tickets\n\n| Day | City |\n| --- | --- |\n| 1 | Lyon |\n\nΚαλημέρα Привет مرحبا שלום 日本語 中文\n";
  await editor(page).fill(markdown);

  const pdf = await download(page, () => page.getByRole("button", { name: "Export PDF" }).click());
  expect(pdf.name).toBe("Trip plan.pdf");
  const read = await readPdf(pdf.bytes);
  for (const text of ["Trip plan", "Pack", "light", "Passport", "Tickets", "Day", "Lyon"])
    expect(read.text).toContain(text);
  expect(read.fonts).toEqual(expect.arrayContaining(["NotoSans-Bold", "NotoSans-Italic"]));
  // Six scripts, none as '?', as poppler's pdftotext reads them.
  const text = (await pdfToText(pdf.bytes)) ?? "pdftotext is missing";
  for (const word of ["Καλημέρα", "Привет", "مرحبا", "שלום", "日本語", "中文"]) expect(text).toContain(word);
  expect(text).not.toContain("?");
  await expect(toasts(page).getByText("Exported")).toBeVisible();

  const docx = await download(page, () => page.getByRole("button", { name: "Export DOCX" }).click());
  expect(docx.name).toBe("Trip plan.docx");
  const html = await readDocx(docx.bytes);
  expect(html).toContain("<h1>Trip plan</h1>");
  expect(html).toContain("<strong>light</strong>");
  expect(html).toContain("<em>early</em>");
  expect(html).toContain("<ul><li>Passport</li><li>Tickets</li></ul>");
  expect(html).toMatch(/<table>.*Day.*City.*Lyon.*<\/table>/);

  const md = await download(page, () => page.getByRole("button", { name: "Export Markdown" }).click());
  expect(md.name).toBe("Trip plan.md");
  expect(new TextDecoder().decode(md.bytes)).toBe(markdown);

  // The formatting toolbar writes Markdown around the selection.
  await select(page, "Tickets");
  await page.getByRole("button", { name: "Bold" }).click();
  await expect(editor(page)).toHaveValue(/- \*\*Tickets\*\*/);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(
    page.getByRole("region", { name: "Preview" }).getByRole("heading", { name: "Trip plan" }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Preview" }).getByRole("table")).toBeVisible();
});
