import { expect } from "@playwright/test";
import { ConsolePage } from "./pages/console-page";
import { requireSandbox } from "./support/sandbox";
import { toasts } from "./support/ui";
import { test } from "./support/with-provider";

/**
 * The console with the keyboard and a screen reader: one shortcut reaches the approval card
 * from the message box, and the reply is announced when it starts and when it ends.
 */

test.describe.configure({ timeout: 120_000 });
test.beforeEach(({ provider }) => provider.reset());

test("keyboard only: Alt+Shift+A goes from the message box to Approve, Enter approves; start and end are announced", async ({
  page,
  provider,
}) => {
  const ui = await ConsolePage.openAsNewUser(page);
  await requireSandbox(page);
  await ui.useInterpreter();
  const announcer = page.getByTestId("reply-announcer");
  await expect(announcer).toHaveAttribute("aria-live", "polite");

  // With nothing waiting, the shortcut says so and focus stays.
  await ui.message.focus();
  await page.keyboard.press("Alt+Shift+A");
  await expect(toasts(page).getByText("No approval is waiting")).toBeVisible();
  await expect(ui.message).toBeFocused();

  provider.script(
    {
      kind: "tool-calls",
      calls: [{ id: "call_k", name: "run_shell", args: { command: "echo typed-by-keys" } }],
    },
    { kind: "text", chunks: ["The command ", "printed typed-by-keys."], delayMs: 1500 },
  );
  await ui.message.fill("Run the echo");
  await page.keyboard.press("Enter");
  const approval = ui.messages.getByRole("region", { name: /Approval needed: run_shell/ });
  await expect(approval).toBeVisible({ timeout: 15_000 });
  await expect(ui.message).toBeFocused();

  await page.keyboard.press("Alt+Shift+A");
  const approve = approval.getByRole("button", { name: "Approve" });
  await expect(approve).toBeFocused();
  await expect(approve).toHaveAttribute("aria-keyshortcuts", "Alt+Shift+A");
  await page.keyboard.press("Enter");
  await expect(announcer).toHaveText("The model is replying.", { timeout: 20_000 });
  await expect(ui.messages.getByText("The command printed typed-by-keys.")).toBeVisible({ timeout: 20_000 });
  await expect(announcer).toHaveText("Reply received.");
  // Never token by token: the region holds one short sentence, not the reply.
  await expect(announcer).not.toContainText("typed-by-keys");
});
