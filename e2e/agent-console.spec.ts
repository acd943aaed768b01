import { expect } from "@playwright/test";
import { ConsolePage } from "./pages/console-page";
import { requireSandbox } from "./support/sandbox";
import { scrollsSideways, seriousViolations } from "./support/ui";
import { test } from "./support/with-provider";

/**
 * Agent runs in the console: this spec runs its own server, pointed at the scripted provider
 * test server (OpenAI wire protocol, native tool calls), with the sandbox running the code.
 */

// Long runs (approvals, code in the sandbox, a reload): 90 s was not enough on the loaded CI machine.
test.describe.configure({ timeout: 150_000 });
test.beforeEach(({ provider }) => provider.reset());

const MODEL_CODE = "print('from the model')";
const EDITED_CODE = [
  "import time",
  "for i in range(3):",
  "    print(f'line {i}', flush=True)",
  "    time.sleep(2)",
  "print('edited by me')",
].join("\n");

test("Interpreter session: approve edited code → output streams → final answer → the whole run after a reload", async ({
  page,
  provider,
}) => {
  const ui = await ConsolePage.openAsNewUser(page);
  await requireSandbox(page);

  // A new session with the Interpreter agent (the default agent, safe mode on).
  await page.getByRole("button", { name: "Start a session with an agent" }).click();
  const dialog = page.getByRole("dialog", { name: "New session" });
  const agentField = dialog.getByLabel("Agent");
  await expect(agentField.locator("option:checked")).toHaveText(/^Interpreter \(default, safe mode\)$/);
  await dialog.getByLabel("Session title (optional)").fill("Agent run");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog).toBeHidden();
  await expect(ui.sessionSelect.locator("option:checked")).toHaveText("Agent run");
  await expect(page.getByLabel("Agent", { exact: true }).locator("option:checked")).toHaveText(
    /^Interpreter/,
  );

  provider.script(
    {
      kind: "tool-calls",
      calls: [{ id: "call_1", name: "run_code", args: { language: "python", code: MODEL_CODE } }],
    },
    { kind: "text", chunks: ["The program printed ", "three lines and edited by me."] },
  );
  await ui.message.fill("Run a small python program");
  await ui.message.press("Enter");

  const card = ui.messages.getByRole("region", { name: "Tool call: run_code" });
  const approval = card.getByRole("region", { name: /Approval needed: run_code/ });
  await expect(approval).toBeVisible({ timeout: 15_000 });
  await expect(approval).toContainText(/Expires in [45]:\d\d/);
  const code = approval.getByLabel("Code to run (you can edit it)");
  await expect(code).toHaveValue(MODEL_CODE);
  await expect(approval).toContainText("While your safe mode (Settings) is on, every agent asks");
  await expect(page.getByRole("button", { name: "Stop" })).toBeVisible();

  // The console with an approval card passes axe in both themes.
  expect(await seriousViolations(page), "dark theme, approval card").toEqual([]);
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
  expect(await seriousViolations(page), "light theme, approval card").toEqual([]);
  await page.getByRole("button", { name: "Switch to dark theme" }).click();

  await code.fill(EDITED_CODE);
  await approval.getByRole("button", { name: "Approve" }).click();
  await expect(card.getByRole("status").filter({ hasText: "Approved with your edits" })).toBeVisible();
  await expect(approval.getByRole("button", { name: "Approve" })).toHaveCount(0);
  // The edited code is what runs, highlighted; its output streams while it runs.
  await expect(card.getByTestId("tool-input")).toContainText("print('edited by me')");
  await expect(card.getByTestId("tool-output")).toContainText("line 0", { timeout: 15_000 });
  await expect(card).toContainText("Output · Running...");
  await expect(card).toContainText(/Output · Succeeded · exit code 0/, { timeout: 20_000 });
  await expect(card.getByTestId("tool-output")).toContainText("edited by me");

  await expect(ui.messages.getByText("The program printed three lines and edited by me.")).toBeVisible({
    timeout: 15_000,
  });
  await expect(ui.messages.getByTestId("agent-status")).toHaveText("Agent run finished");
  await expect(page.getByRole("button", { name: "Stop" })).toBeHidden();
  // The model got the edited program's output.
  expect(JSON.stringify(provider.calls.at(-1)?.body)).toContain("edited by me");

  // With a finished tool card: axe again (dark theme).
  expect(await seriousViolations(page), "dark theme, tool card").toEqual([]);

  // After a reload the run is rebuilt from the stored messages.
  await page.reload();
  await expect(ui.sessionSelect.locator("option:checked")).toHaveText("Agent run");
  const stored = ui.messages.getByRole("region", { name: "Tool call: run_code" });
  await expect(stored).toContainText(/Output · Succeeded · exit code 0/);
  // The person's answer is stored with the result, and shown again.
  await expect(stored.getByRole("status").filter({ hasText: "Approved with your edits" })).toBeVisible();
  await expect(stored.getByTestId("tool-output")).toContainText("line 2");
  await expect(stored.getByTestId("tool-output")).toContainText("edited by me");
  await expect(ui.messages.getByText("Run a small python program")).toBeVisible();
  await expect(ui.messages.getByText("The program printed three lines and edited by me.")).toBeVisible();
});

test("deny at 360 px with the keyboard: the tool does not run, the model answers", async ({
  page,
  provider,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const ui = await ConsolePage.openAsNewUser(page);

  // A new session starts with the person's default agent, the Interpreter.
  const picker = page.getByLabel("Agent", { exact: true });
  await expect(picker.locator("option:checked")).toHaveText("Interpreter (default, safe mode)");
  await ui.useInterpreter();

  provider.script(
    {
      kind: "tool-calls",
      calls: [{ id: "call_9", name: "run_shell", args: { command: "rm -rf /home/user/*" } }],
    },
    { kind: "text", chunks: ["Understood, I did not delete anything."] },
  );
  await ui.message.fill("Clean my workspace");
  await ui.message.press("Enter");

  const card = ui.messages.getByRole("region", { name: "Tool call: run_shell" });
  const approval = card.getByRole("region", { name: /Approval needed: run_shell/ });
  await expect(approval).toBeVisible({ timeout: 15_000 });
  await expect(approval.getByLabel("Command to run (you can edit it)")).toHaveValue("rm -rf /home/user/*");
  await expect.poll(() => scrollsSideways(page)).toBe(false);

  const deny = approval.getByRole("button", { name: "Deny" });
  await deny.focus();
  await expect(deny).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(card.getByRole("status").filter({ hasText: /^Denied$/ })).toBeVisible();
  await expect(card).toContainText("Output · Failed: The person did not approve this run_shell call: denied");
  await expect(ui.messages.getByText("Understood, I did not delete anything.")).toBeVisible({
    timeout: 15_000,
  });
  await expect.poll(() => scrollsSideways(page)).toBe(false);
  // After a reload the card still says the person denied it.
  await page.reload();
  const reloaded = ui.messages.getByRole("region", { name: "Tool call: run_shell" });
  await expect(reloaded.getByRole("status").filter({ hasText: /^Denied$/ })).toBeVisible();
});

test("Stop while an approval waits: the question is cancelled, the run ends, Stop goes", async ({
  page,
  provider,
}) => {
  const ui = await ConsolePage.openAsNewUser(page);
  await ui.useInterpreter();
  provider.script({
    kind: "tool-calls",
    calls: [{ id: "call_5", name: "run_code", args: { language: "python", code: "print(5)" } }],
  });
  await ui.message.fill("Run something");
  await ui.message.press("Enter");
  const card = ui.messages.getByRole("region", { name: "Tool call: run_code" });
  await expect(card.getByRole("button", { name: "Approve" })).toBeVisible({ timeout: 15_000 });
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(card.getByRole("status").filter({ hasText: "Cancelled: the run was stopped" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expect(ui.messages.getByTestId("agent-status")).toHaveText("Agent run stopped");
  await expect(page.getByRole("button", { name: "Stop" })).toBeHidden();
  await expect(ui.send).toBeVisible();
});

test("a reload while an approval waits: the question is asked again and can be answered", async ({
  page,
  provider,
}) => {
  const ui = await ConsolePage.openAsNewUser(page);
  await requireSandbox(page);
  await ui.useInterpreter();
  provider.script(
    {
      kind: "tool-calls",
      calls: [{ id: "call_7", name: "run_code", args: { language: "python", code: "print(7)" } }],
    },
    { kind: "text", chunks: ["Seven printed."] },
  );
  await ui.message.fill("Run seven");
  await ui.message.press("Enter");
  const card = ui.messages.getByRole("region", { name: "Tool call: run_code" });
  await expect(card.getByRole("button", { name: "Approve" })).toBeVisible({ timeout: 15_000 });

  // The server asks again on connect: after a reload the card is still actionable, and the
  // run still has its Stop button.
  await page.reload();
  await expect(card.getByRole("button", { name: "Approve" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("button", { name: "Stop" })).toBeVisible();
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(card).toContainText("7", { timeout: 15_000 });
  await expect(ui.messages.getByText("Seven printed.")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("button", { name: "Stop" })).toBeHidden();
});
