import { expect, type Page } from "@playwright/test";
import { openApp } from "./support/apps";
import { toasts } from "./support/ui";
import { test } from "./support/with-provider";

/**
 * Each app's AI action, when the provider rejects the key: the app's own toast says what failed
 * and why in the server's words (check the key in Settings), and the action's output says it too.
 */
test.describe.configure({ timeout: 60_000 });
test.beforeEach(({ provider }) => provider.reset());

const REJECTED = {
  kind: "error",
  status: 401,
  body: { error: { message: "Incorrect API key provided: sk-e2...test.", code: "invalid_api_key" } },
} as const;
const WHY =
  /OpenAI rejected the API key \(HTTP 401: Incorrect API key provided.*\)\. Check the key in Settings\./;

const apps: {
  slug: string;
  heading: string;
  failed: [string, string];
  output: string;
  act: (page: Page) => Promise<void>;
}[] = [
  {
    slug: "notes-pad",
    heading: "NotesPad",
    failed: ["Summary Failed", "Could not generate summary. Please try again."],
    output: "Summary",
    act: async (page) => {
      await page.getByLabel("Note", { exact: true }).fill("Blue design chosen; launch in May.");
      await page.getByRole("button", { name: "Summarize" }).click();
    },
  },
  {
    slug: "smart-doc",
    heading: "SmartDoc",
    failed: ["Processing Failed", "Could not process text. Please try again."],
    output: "Bullet Points",
    act: async (page) => {
      await page.getByLabel("Document", { exact: true }).fill("the cat sat on teh mat");
      await page.getByRole("button", { name: "Bullet Points" }).click();
    },
  },
  {
    slug: "logic-sheet",
    heading: "LogicSheet",
    failed: ["Generation Failed", "Could not generate table. Please try again."],
    output: "Generated table",
    act: async (page) => {
      await page.getByLabel("Describe a table").fill("a monthly budget");
      await page.getByRole("button", { name: "Generate", exact: true }).click();
    },
  },
  {
    slug: "mind-planner",
    heading: "MindPlanner",
    failed: ["Generation Failed", "Could not generate plan. Please try again."],
    output: "Generated plan",
    act: async (page) => {
      await page.getByLabel("What do you want to plan?").fill("a garden");
      await page.getByRole("button", { name: "Generate plan" }).click();
    },
  },
  {
    slug: "prompt-canvas",
    heading: "PromptCanvas",
    failed: ["Execution Failed", "Could not run prompt. Please try again."],
    output: "Answer: default model",
    act: async (page) => {
      await page.getByLabel("Prompt", { exact: true }).fill("Write a haiku about rain.");
      await page.getByRole("button", { name: "Run", exact: true }).click();
    },
  },
];

for (const app of apps) {
  test(`${app.heading}: a rejected key is said in the toast and the output, in the server's words`, async ({
    page,
    provider,
  }) => {
    await openApp(page, app.slug, app.heading);
    provider.script(REJECTED);
    await app.act(page);
    const toast = toasts(page).getByRole("listitem").filter({ hasText: app.failed[0] });
    await expect(toast).toContainText(app.failed[1]);
    await expect(toast).toContainText(WHY);
    await expect(page.getByRole("region", { name: app.output }).getByRole("alert")).toHaveText(WHY);
    await expect(page.getByText("HTTP error!")).toHaveCount(0);
  });
}
