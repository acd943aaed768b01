import { expect, type Page } from "@playwright/test";
import { download, openApp, serverDocument, syncStatus } from "./support/apps";
import { toasts } from "./support/ui";
import { test } from "./support/with-provider";

/** MindPlanner against the scripted model provider. */
test.describe.configure({ timeout: 60_000 });
test.beforeEach(({ provider }) => provider.reset());

const column = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test("Generate plan: the model's JSON array (in a code fence) becomes todo tasks with the spec's defaults; bad JSON and a failure say so", async ({
  page,
  provider,
}) => {
  await openApp(page, "mind-planner", "MindPlanner");
  const generate = page.getByRole("button", { name: "Generate plan" });
  await generate.click();
  await expect(toasts(page).getByText("No Prompt")).toBeVisible();
  await expect(toasts(page).getByText("Please describe what you want to plan")).toBeVisible();

  const plan = [
    { title: "Book the van", priority: "high", status: "done" },
    { description: "no title here", priority: "low" },
    { title: "Pack the kitchen" },
    { title: "Change address", priority: "medium" },
    { title: "Clean the old flat", priority: "low" },
    { title: "Return the keys", priority: "whenever" },
  ];
  provider.script({
    kind: "text",
    chunks: ["Here is your plan:\n```json\n", JSON.stringify(plan), "\n```"],
    delayMs: 20,
  });
  await page.getByLabel("What do you want to plan?").fill("move to a new flat");
  await generate.click();
  await expect(toasts(page).getByText("Plan Generated")).toBeVisible();
  await expect(toasts(page).getByText("Added 6 tasks")).toBeVisible();
  expect(provider.calls.at(-1)?.body).toMatchObject({ temperature: 0.7 });
  const todo = column(page, "To Do");
  await expect(todo.getByRole("listitem")).toHaveCount(6);
  await expect(todo.getByText("Untitled Task")).toBeVisible();
  await expect(todo.getByRole("listitem").filter({ hasText: "Pack the kitchen" })).toContainText(
    "medium priority",
  );
  await expect(todo.getByRole("listitem").filter({ hasText: "Return the keys" })).toContainText(
    "medium priority",
  );
  await expect(todo.getByRole("listitem").filter({ hasText: "Book the van" })).toContainText("high priority");
  await expect(column(page, "Done").getByRole("listitem")).toHaveCount(0);

  provider.script({ kind: "text", chunks: ['[{"title": "broken",'] });
  await generate.click();
  await expect(toasts(page).getByText("Generation Error")).toBeVisible();
  await expect(toasts(page).getByText("Could not parse AI response. Please try again.")).toBeVisible();
  provider.script({ kind: "error", status: 500, body: { error: { message: "down" } } });
  await generate.click();
  await expect(toasts(page).getByText("Generation Failed")).toBeVisible();
  await expect(toasts(page).getByText("Could not generate plan. Please try again.")).toBeVisible();
  await expect(todo.getByRole("listitem")).toHaveCount(6);
  await expect(syncStatus(page)).toHaveText("Saved");
  expect((await serverDocument(page, "mind-planner")).content).toHaveLength(6);
});

test("quick tasks: blank is not added; todo → doing → done by the forward arrow only; deleted; the plan exported as Markdown and JSON", async ({
  page,
}) => {
  await openApp(page, "mind-planner", "MindPlanner");
  const quick = page.getByLabel("Quick task");
  const add = page.getByRole("button", { name: "Add task" });
  await quick.fill("   ");
  await expect(add).toBeDisabled();
  await quick.fill("Call the bank");
  await page.getByLabel("Priority").selectOption("high");
  await quick.press("Enter");
  await quick.fill("Water plants");
  await page.getByLabel("Priority").selectOption("medium");
  await add.click();
  await expect(quick).toHaveValue("");
  await expect(column(page, "To Do").getByRole("listitem")).toHaveCount(2);

  await page.getByRole("button", { name: "Move Call the bank to In Progress" }).click();
  await expect(column(page, "In Progress").getByText("Call the bank")).toBeVisible();
  await page.getByRole("button", { name: "Move Call the bank to Done" }).click();
  const done = column(page, "Done");
  await expect(done.getByText("Call the bank")).toBeVisible();
  await expect(done.getByRole("button", { name: /^Move/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /to To Do$/ })).toHaveCount(0);

  await page.getByLabel("Title", { exact: true }).fill("Errands");
  const markdown = await download(page, () => page.getByRole("button", { name: "Export Markdown" }).click());
  expect(markdown.name).toBe("Errands.md");
  const md = new TextDecoder().decode(markdown.bytes);
  expect(md).toContain("# Errands");
  expect(md).toContain("## Done\n\n- [x] Call the bank (high priority)");
  expect(md).toContain("## To Do\n\n- [ ] Water plants (medium priority)");
  await expect(toasts(page).getByText("Plan Exported")).toBeVisible();
  const json = await download(page, () => page.getByRole("button", { name: "Export JSON" }).click());
  expect(JSON.parse(new TextDecoder().decode(json.bytes))).toEqual({
    title: "Errands",
    tasks: [
      { title: "Call the bank", description: "", status: "done", priority: "high" },
      { title: "Water plants", description: "", status: "todo", priority: "medium" },
    ],
  });

  // A deleted task comes back with Undo, where it was.
  await page.getByRole("button", { name: "Delete Water plants" }).click();
  await expect(column(page, "To Do").getByText("Water plants")).toHaveCount(0);
  await expect(toasts(page).getByText("“Water plants” was deleted.")).toBeVisible();
  await toasts(page).getByRole("button", { name: "Undo" }).click();
  await expect(column(page, "To Do").getByText("Water plants")).toBeVisible();
  // Undone, it is not in the trash; deleted again, it waits there.
  const tasksInTrash = async () => {
    const items: { type: string; title: string }[] = await (await page.request.get("/api/trash")).json();
    return items.filter((item) => item.type === "task").map((item) => item.title);
  };
  await expect.poll(tasksInTrash).toEqual([]);
  await page.getByRole("button", { name: "Delete Water plants" }).click();
  await expect(column(page, "To Do").getByText("Water plants")).toHaveCount(0);
  await expect(
    toasts(page).getByText("“Water plants” was deleted. It stays in the trash for 30 days."),
  ).toBeVisible();
  await expect.poll(tasksInTrash).toEqual(["Water plants"]);
  await expect(syncStatus(page)).toHaveText("Saved");
  await page.reload();
  await expect(done.getByText("Call the bank")).toBeVisible();
  await expect(column(page, "To Do").getByRole("listitem")).toHaveCount(0);

  // Restored from the trash in Files, it is back in its list, where it was.
  await page.goto("/dashboard/files");
  const inTrash = page
    .getByRole("list", { name: "Deleted items" })
    .getByRole("listitem")
    .filter({ hasText: "Water plants" });
  await expect(inTrash).toContainText("Task in MindPlanner");
  await inTrash.getByRole("button", { name: "Restore Water plants" }).click();
  await expect(inTrash).toHaveCount(0);
  await page.goto("/dashboard/apps/mind-planner");
  await expect(column(page, "To Do").getByText("Water plants")).toBeVisible();
  await expect(done.getByText("Call the bank")).toBeVisible();
});
