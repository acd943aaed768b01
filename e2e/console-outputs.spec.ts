import { expect, type Page } from "@playwright/test";
import { ConsolePage } from "./pages/console-page";
import { requireSandbox } from "./support/sandbox";
import { chooseTheme, scrollsSideways, seriousViolations } from "./support/ui";
import { test } from "./support/with-provider";

/**
 * Outputs are part of the conversation: a run from a reply is kept with it (after a reload, on
 * another device), the files it wrote are listed under it and shown inline, and a reply that
 * streams during a reload comes back whole. The model is the scripted provider test server.
 */

/** A 1x1 PNG. */
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const CODE = [
  "import base64",
  "print('made the files')",
  "open('scores.csv', 'w').write('name,score\\nada,3\\nbob,5\\n')",
  'open(\'page.html\', \'w\').write(\'<h1>Hello page</h1><p id="out">not run</p><script>var c; try { c = document.cookie.length } catch (e) { c = "none" } document.getElementById("out").textContent = "script ran, cookies: " + c; fetch("/api/auth/me").then(function () { document.body.append("api reached") }, function () { document.body.append("api blocked") });</script>\')',
  `open('dot.png', 'wb').write(base64.b64decode('${PNG}'))`,
  "try:",
  "    import matplotlib.pyplot as plt",
  "    plt.plot([1, 2, 3], [2, 4, 1])",
  "    plt.show()",
  "except ImportError:",
  "    print('no matplotlib')",
].join("\n");
const REPLY = ["Here is a program.\n\n", `\`\`\`python\n${CODE}\n\`\`\`\n`];

test.describe.configure({ timeout: 120_000 });
test.beforeEach(({ provider }) => provider.reset());

/** The reply's python block, its files and their previews, as a reload or another device shows them. */
async function expectKeptOutput(page: Page, charts: boolean) {
  const block = page.getByRole("figure").filter({ hasText: "made the files" });
  await expect(block).toContainText(/Output · Finished · exit code 0/, { timeout: 30_000 });
  const files = block.getByRole("region", { name: "Files written" });
  await expect(files).toContainText("scores.csv");
  await expect(files.getByRole("link", { name: "Download dot.png" })).toHaveAttribute(
    "href",
    "/api/files/download?path=%2Fhome%2Fuser%2Fdot.png",
  );
  await expect(files.getByRole("img", { name: "Preview of dot.png" })).toBeVisible();
  await expect(
    files.getByRole("table", { name: "scores.csv" }).getByRole("cell", { name: "ada" }),
  ).toBeVisible();
  if (charts) await expect(files.getByRole("img", { name: "Preview of figure-1.png" })).toBeVisible();
  return block;
}

test("a run from a reply is kept with it: after a reload, on another device, with its files shown", async ({
  page,
  provider,
  browser,
}) => {
  const ui = await ConsolePage.openAsNewUser(page);
  await requireSandbox(page);
  provider.script({ kind: "text", chunks: REPLY });
  await ui.message.fill("Make some files");
  await ui.message.press("Enter");
  const block = page.getByRole("figure").filter({ hasText: "made the files" });
  await block.getByRole("button", { name: "Run" }).click();
  await expect(block).toContainText(/Output · Finished · exit code 0/, { timeout: 30_000 });
  const charts = !((await block.locator("pre").last().textContent()) ?? "").includes("no matplotlib");
  // The stored output replaces the live one once it is kept: the files are listed.
  await expectKeptOutput(page, charts);

  await page.reload();
  await expect(ui.heading).toBeAttached({ timeout: 30_000 });
  const kept = await expectKeptOutput(page, charts);
  await expect(kept.locator("pre").last()).toContainText("made the files");
  // The activity list starts from the log after a reload.
  await expect(ui.liveActivity.getByRole("listitem").first()).toBeVisible();

  // An HTML file runs only when asked, in a frame without same-origin rights.
  const files = kept.getByRole("region", { name: "Files written" });
  await files.getByRole("button", { name: "Preview page.html" }).click();
  const frame = files.locator('iframe[title="Preview of page.html"]');
  await expect(frame).toHaveAttribute("sandbox", "allow-scripts");
  expect(await frame.getAttribute("sandbox")).not.toContain("allow-same-origin");
  await expect(frame.contentFrame().getByRole("heading", { name: "Hello page" })).toBeVisible();
  // Its own script runs, but it has no cookies and cannot reach the API.
  await expect(frame.contentFrame().locator("#out")).toHaveText("script ran, cookies: none");
  await expect(frame.contentFrame().locator("body")).toContainText("api blocked");
  await expect(frame.contentFrame().locator("body")).not.toContainText("api reached");

  // The person's other device (a second browser context, same account) sees it too.
  const other = await browser.newContext({ storageState: await page.context().storageState() });
  try {
    const second = new ConsolePage(await other.newPage());
    await second.goto();
    await expectKeptOutput(second.page, charts);
  } finally {
    await other.close();
  }

  // No serious or critical axe violations with the outputs shown, in both themes; at 360 px
  // nothing scrolls sideways.
  for (const theme of ["dark", "light"] as const) {
    await chooseTheme(page, theme);
    await page.reload();
    await expectKeptOutput(page, charts);
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 360, height: 780 });
  await page.reload();
  await expectKeptOutput(page, charts);
  expect(await scrollsSideways(page)).toBe(false);
});

test("a reload in the middle of a streaming reply shows the text so far, then the whole reply", async ({
  page,
  provider,
}) => {
  const ui = await ConsolePage.openAsNewUser(page);
  const chunks = Array.from({ length: 14 }, (_, i) => `Sentence number ${i + 1} of the slow reply. `);
  provider.script({ kind: "text", chunks, delayMs: 700 });
  await ui.message.fill("Answer slowly");
  await ui.message.press("Enter");
  await expect(ui.messages.getByText("Sentence number 3 of", { exact: false })).toBeVisible({
    timeout: 20_000,
  });

  await page.reload();
  await expect(ui.heading).toBeAttached({ timeout: 30_000 });
  // While it still streams, the reply shows its start (sent before the reload), not only what follows.
  await expect(ui.messages.getByText("typing...")).toBeVisible({ timeout: 15_000 });
  await expect(ui.messages.getByText("Sentence number 1 of the slow reply.", { exact: false })).toBeVisible();
  await expect(ui.messages.getByText("typing...")).toBeHidden({ timeout: 30_000 });
  const reply = ui.messages.getByRole("article").filter({ hasText: "Sentence number 1 of" });
  await expect(reply).toHaveCount(1);
  await expect(reply.locator(".markdown")).toHaveText(chunks.join("").trim());
});

test("an Execute after a reply is kept under it; a long output is cut, and Show all reads the rest", async ({
  page,
  provider,
}) => {
  const ui = await ConsolePage.openAsNewUser(page);
  await requireSandbox(page);
  provider.script({ kind: "text", chunks: ["Ready when you are."] });
  await ui.message.fill("Hello");
  await ui.message.press("Enter");
  await expect(ui.messages.getByText("Ready when you are.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Stop" })).toBeHidden();
  await ui.message.fill("yes abcdefghi | head -c 30000; echo; echo end-of-output");
  await ui.execute.click();
  await expect(ui.commandOutput).toContainText("exit code 0", { timeout: 20_000 });

  await page.reload();
  await expect(ui.heading).toBeAttached({ timeout: 30_000 });
  const kept = ui.messages.getByRole("region", { name: /^Executed: yes abcdefghi/ });
  await expect(kept).toContainText("Output · Finished · exit code 0");
  await expect(kept).toContainText("Showing the first 20,000 of 30,015 characters.");
  await expect(kept.locator("pre")).not.toContainText("end-of-output");
  await kept.getByRole("button", { name: "Show all" }).click();
  await expect(kept.locator("pre")).toContainText("end-of-output");
  await expect(kept.getByRole("button", { name: "Show all" })).toBeHidden();
});
