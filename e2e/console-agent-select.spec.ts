import { expect, test } from "@playwright/test";
import { ConsolePage } from "./pages/console-page";
import { seriousViolations } from "./support/ui";

test("a keyboard user arrows through the agents: focus stays on the select and the last choice is kept", async ({
  page,
}) => {
  // A new person's first console, a reload and an axe run: more than 30 s on a busy 2-core machine.
  test.setTimeout(60_000);
  const ui = await ConsolePage.openAsNewUser(page);
  for (const name of ["Reviewer", "Writer"]) {
    const created = await page.request.post("/api/agents", { data: { name, tools: [], safeMode: true } });
    expect(created.status(), await created.text()).toBe(201);
  }
  await page.reload();
  const picker = page.getByLabel("Agent", { exact: true });
  await expect(picker.locator("option")).toHaveCount(4);
  const values = await picker
    .locator("option")
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  // A new session starts with the default agent (the Interpreter), the second choice.
  const start = values.indexOf(await picker.inputValue());
  expect(start).toBe(1);
  await picker.focus();
  for (let i = start + 1; i < values.length; i += 1) {
    await page.keyboard.press("ArrowDown");
    await expect(picker).toBeFocused();
    await expect(picker).toHaveValue(values[i] ?? "");
  }
  const last = values.at(-1);
  await expect
    .poll(async () => (await (await page.request.get("/api/sessions")).json())[0]?.agentId)
    .toBe(last);
  await page.keyboard.press("ArrowUp");
  await expect(picker).toBeFocused();
  await expect(picker).toHaveValue(values.at(-2) ?? "");
  await expect
    .poll(async () => (await (await page.request.get("/api/sessions")).json())[0]?.agentId)
    .toBe(values.at(-2));
  await expect(ui.sessionSelect).toHaveValue(/.+/);
  expect(await seriousViolations(page)).toEqual([]);
});
