import { ConsolePage } from "./pages/console-page";
import { createAccount, signIn } from "./support/accounts";
import { expect, test } from "./support/signed-in";
import { chooseTheme, scrollsSideways, seriousViolations, toasts } from "./support/ui";

test.describe("sessions", () => {
  // A fresh account: the console must create its first session itself.
  test.use({ storageState: { cookies: [], origins: [] } });

  test("a new console gets 'New Session'; sessions are created, renamed and deleted", async ({ page }) => {
    const account = await createAccount(page.request);
    await signIn(page, account);
    const ui = new ConsolePage(page);
    await ui.goto("/dashboard");
    await expect(ui.heading).toBeVisible();
    await expect(ui.sessionSelect).toHaveValue(/.+/);
    expect(await ui.sessionTitles()).toEqual(["New Session"]);
    const first = await ui.sessionSelect.inputValue();
    // No model is usable on this server: the empty session offers the ways to get one.
    await expect(page.getByRole("region", { name: "Connect a model to start chatting" })).toBeVisible();

    await ui.newSession.click();
    await expect.poll(() => ui.sessionTitles()).toEqual(["New Session", "New Session"]);
    await expect(ui.sessionSelect).not.toHaveValue(first);

    await ui.renameSession.click();
    const rename = page.getByRole("dialog", { name: "Rename session" });
    await rename.getByLabel("Session title").fill("Data analysis");
    await rename.getByRole("button", { name: "Save" }).click();
    await expect(rename).toBeHidden();
    await expect.poll(() => ui.sessionTitles()).toEqual(["Data analysis", "New Session"]);

    await ui.deleteSession.click();
    const remove = page.getByRole("dialog", { name: "Delete session?" });
    await expect(remove).toContainText('"Data analysis" and all its messages go to the trash');
    await remove.getByRole("button", { name: "Delete" }).click();
    await expect(remove).toBeHidden();
    await expect.poll(() => ui.sessionTitles()).toEqual(["New Session"]);
    await expect(ui.sessionSelect).toHaveValue(first);
    // Undo on the toast takes it back from the trash; deleted again, it waits in the trash in Files.
    await expect(
      toasts(page).getByText("Data analysis was deleted. It stays in the trash for 30 days."),
    ).toBeVisible();
    await toasts(page).getByRole("button", { name: "Undo" }).click();
    await expect(toasts(page).getByText("Data analysis is back.")).toBeVisible();
    await expect.poll(() => ui.sessionTitles()).toEqual(["Data analysis", "New Session"]);
    await ui.sessionSelect.selectOption({ label: "Data analysis" });
    await ui.deleteSession.click();
    await remove.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => ui.sessionTitles()).toEqual(["New Session"]);
    const trash = await (await page.request.get("/api/trash")).json();
    expect(trash).toEqual([
      expect.objectContaining({ type: "session", kind: "chat", title: "Data analysis" }),
    ]);

    // Deleting the last session leaves none: the console starts a new one.
    await ui.deleteSession.click();
    await page
      .getByRole("dialog", { name: "Delete session?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect.poll(() => ui.sessionTitles()).toEqual(["New Session"]);
    await expect(ui.sessionSelect).not.toHaveValue(first);
    const sessions = await (await page.request.get("/api/sessions")).json();
    expect(sessions).toHaveLength(1);
  });
});

test("the panels show the server's real modules, services, stats and versions", async ({ page }) => {
  const ui = new ConsolePage(page);
  await ui.goto();
  await expect(ui.heading).toBeVisible();
  const modules: { name: string; status: string }[] = await (await page.request.get("/api/modules")).json();
  expect(modules.length).toBeGreaterThan(0);
  for (const module of modules) {
    const item = ui.modules.getByRole("listitem").filter({ hasText: module.name });
    await expect(item).toContainText(new RegExp(module.status, "i"));
  }
  // Audio I/O is measured in the page: the fake microphone, no browser voices (headless), the
  // server's voice (espeak-ng), and no transcription (this server has no OpenAI key).
  const voices = await page.evaluate(() => speechSynthesis.getVoices().length);
  const audio = ui.modules.getByRole("listitem").filter({ hasText: "Audio I/O" });
  await expect(audio).toContainText(
    `Microphone available; ${voices > 0 ? `${voices} browser voice` : "the server's voice (no browser voices)"}`,
  );
  await expect(audio).toContainText("no transcription provider.");
  await expect(audio).toContainText("Warning");
  const llmCore = modules.find((m) => m.name === "LLM Core");
  const cpu = llmCore?.status === "active" ? "Active" : "Inactive";
  await expect(ui.indicators).toContainText(new RegExp(`CPU:\\s*${cpu}`));
  await expect(ui.indicators).toContainText(/Network:\s*Connected/);
  await expect(ui.indicators).toContainText(/Memory:\s*\d+%/);

  const { providers } = await (await page.request.get("/api/llm/providers")).json();
  for (const provider of providers as { name: string }[]) {
    await expect(ui.services.getByRole("listitem").filter({ hasText: provider.name })).toBeVisible();
  }

  const health = await (await page.request.get("/api/health")).json();
  await expect(ui.statusBar.getByRole("status")).toHaveText("Ready");
  // Measured against the active model's own window (the default: OpenAI gpt-4, 8,192 tokens).
  await expect(ui.statusBar).toContainText("Context: 0 / 8,192 tokens");
  await expect(ui.statusBar).toContainText(/Memory: [\d.]+ [KMGT]?B \/ [\d.]+ [KMGT]?B/);
  await expect(ui.statusBar).toContainText(/CPU: \d+%/);
  await expect(ui.statusBar).toContainText(
    new RegExp(
      `NeuroOS v${health.version.replaceAll(".", "\\.")} • Python (\\d[\\w.+-]*|not installed) • Node\\.js \\d+\\.\\d+\\.\\d+`,
    ),
  );
  await expect(ui.statusBar.getByRole("link", { name: "About" })).toHaveAttribute("href", "/about");
  await expect(ui.statusBar.getByRole("link", { name: "Support" })).toHaveAttribute("href", "/support");
});

test("Execute runs a command in the sandbox: banner, output, activity and the execution log", async ({
  page,
}) => {
  const sandbox = await (await page.request.get("/api/sandbox/health")).json();
  test.skip(!sandbox.available, `the sandbox cannot run here: ${sandbox.message}`);
  const ui = new ConsolePage(page);
  await ui.goto();
  await expect(ui.sessionSelect).toHaveValue(/.+/);

  await ui.message.fill("sleep 5 && echo hello-from-e2e");
  await ui.execute.click();
  await expect(ui.message).toHaveValue("");
  const banner = page
    .getByRole("status")
    .filter({ hasText: /Executing code\.\.\. \d+s elapsed|Starting execution/ });
  await expect(banner).toBeVisible();
  await ui.message.fill("echo again");
  await expect(ui.execute).toBeDisabled();
  await expect(ui.commandOutput).toContainText("hello-from-e2e", { timeout: 15_000 });
  await expect(ui.commandOutput).toContainText("exit code 0");
  await expect(banner).toBeHidden();
  await expect(ui.execute).toBeEnabled();

  await expect(ui.liveActivity.getByRole("listitem").first()).toContainText("Execution completed");
  await expect(ui.liveActivity).toContainText("Run bash");
  await expect(ui.executionLog).toContainText("sleep 5 && echo hello-from-e2e", { timeout: 10_000 });

  // A failing command shows as an error entry.
  await ui.message.fill("exit 3");
  await ui.execute.click();
  await expect(ui.commandOutput).toContainText("exit code 3", { timeout: 15_000 });
  await expect(ui.liveActivity.getByRole("listitem").first()).toContainText("Execution failed (exit 3)");
});

test("a 3 MB command output stays in a bounded, scrolling, collapsible panel at 1280 × 800", async ({
  page,
}) => {
  const sandbox = await (await page.request.get("/api/sandbox/health")).json();
  test.skip(!sandbox.available, `the sandbox cannot run here: ${sandbox.message}`);
  await page.setViewportSize({ width: 1280, height: 800 });
  const ui = new ConsolePage(page);
  await ui.goto();
  await expect(ui.sessionSelect).toHaveValue(/.+/);
  await ui.message.fill(
    "yes 'a line of output that goes on and on' | head -c 3000000; echo; echo big-output-end",
  );
  await ui.execute.click();
  await expect(ui.commandOutput).toContainText(/Output · (Finished|Failed)/, { timeout: 20_000 });
  // The conversation keeps the room above the output: at least 30% of the window.
  const chat = await page.getByRole("region", { name: "Chat", exact: true }).boundingBox();
  const output = await ui.commandOutput.boundingBox();
  expect(output?.height ?? 1000).toBeLessThanOrEqual(800 * 0.45);
  expect((output?.y ?? 0) - (chat?.y ?? 0)).toBeGreaterThanOrEqual(800 * 0.3);
  const scroller = ui.commandOutput.locator("pre");
  expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  // Collapsed, only its header is left; expanded again, the output is back.
  const toggle = ui.commandOutput.getByRole("button", { name: "Collapse the command output" });
  await toggle.click();
  await expect(scroller).toBeHidden();
  await ui.commandOutput.getByRole("button", { name: "Expand the command output" }).click();
  await expect(scroller).toBeVisible();
});

test("the message box: Shift+Enter adds a line, Clear empties, Enter sends; a failed reply says why", async ({
  page,
}) => {
  const ui = new ConsolePage(page);
  await ui.goto();
  await expect(ui.sessionSelect).toHaveValue(/.+/);
  await ui.message.fill("   ");
  await expect(ui.send).toBeDisabled();
  await ui.message.press("Enter");
  await expect(ui.messages).toHaveCount(0);

  await ui.message.fill("line one");
  await ui.message.press("Shift+Enter");
  await ui.message.pressSequentially("line two");
  await expect(ui.message).toHaveValue("line one\nline two");
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(ui.message).toHaveValue("");

  // No provider is usable on this server: the chat offers the ways to get one.
  const setup = page.getByRole("region", { name: "Connect a model to start chatting" });
  await expect(setup).toBeVisible();
  await expect(setup).toContainText("Ollama did not answer at http://localhost:11434");
  await expect(setup.getByRole("button", { name: /Download/ }).first()).toBeVisible();

  await ui.message.fill("Hello model");
  await ui.message.press("Enter");
  await expect(ui.message).toHaveValue("");
  await expect(ui.messages.getByText("Hello model")).toBeVisible();
  await expect(ui.liveActivity).toContainText("Message sent");
  // This server has no model provider configured: the reply is stored as a failure, with its reason.
  await expect(ui.messages.getByText(/The reply failed: .+/)).toBeVisible({ timeout: 20_000 });
  await expect(ui.liveActivity.getByRole("listitem").first()).toContainText("Reply failed");
  await expect(page.getByRole("button", { name: "Stop" })).toBeHidden();
  await expect(ui.statusBar).toContainText(/Context: ~\d+ \/ 8,192 tokens/);
});

test("the file tree shows the workspace; /home/user/projects starts open; a file opens read-only", async ({
  page,
}) => {
  const ui = new ConsolePage(page);
  await ui.goto();
  const projects = ui.fileTree.getByRole("treeitem", { name: "projects" });
  await expect(projects).toHaveAttribute("aria-expanded", "true");
  const example = ui.fileTree.getByRole("treeitem", { name: "example.py" });
  await expect(example).toBeVisible();
  await expect(example).toHaveAttribute("aria-level", "2");

  await example.click();
  const viewer = page.getByRole("dialog", { name: "example.py" });
  await expect(viewer).toContainText("/home/user/projects/example.py");
  await expect(viewer).toContainText("read-only");
  await expect(viewer).toContainText("import json");
  await expect(viewer.getByRole("textbox")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();

  // Keyboard: Left closes the folder, Right opens it, Down moves, Enter opens a file.
  await projects.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(projects).toHaveAttribute("aria-expanded", "false");
  await expect(example).toBeHidden();
  await page.keyboard.press("ArrowRight");
  await expect(projects).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("ArrowDown");
  await expect(ui.fileTree.getByRole("treeitem", { name: "data.json" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "data.json" })).toContainText('"Groceries"');
});

test("the left panel resizes by keyboard and by dragging, within 200-400 px, and remembers", async ({
  page,
}) => {
  const ui = new ConsolePage(page);
  await ui.goto();
  // The first console of a new person: its chunks load and run (slow on a busy 2-core machine).
  await expect(ui.separator).toHaveAttribute("aria-valuenow", "256", { timeout: 30_000 });
  await expect(ui.separator).toHaveAttribute("aria-valuemin", "200");
  await expect(ui.separator).toHaveAttribute("aria-valuemax", "400");
  expect((await ui.leftPanel.boundingBox())?.width).toBe(256);

  await ui.separator.focus();
  await page.keyboard.press("ArrowRight");
  await expect(ui.separator).toHaveAttribute("aria-valuenow", "266");
  await page.keyboard.press("End");
  await expect(ui.separator).toHaveAttribute("aria-valuenow", "400");
  await page.keyboard.press("ArrowRight");
  await expect(ui.separator).toHaveAttribute("aria-valuenow", "400");
  await page.keyboard.press("Home");
  await expect(ui.separator).toHaveAttribute("aria-valuenow", "200");

  const box = await ui.separator.boundingBox();
  if (!box) throw new Error("no separator box");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 60, y, { steps: 5 });
  await page.mouse.move(x + 100, y, { steps: 5 });
  await page.mouse.up();
  await expect(ui.separator).toHaveAttribute("aria-valuenow", "300");
  expect((await ui.leftPanel.boundingBox())?.width).toBe(300);
  // Dragging past the range stops at its end.
  await page.mouse.move(x + 100, y);
  await page.mouse.down();
  await page.mouse.move(x + 600, y, { steps: 5 });
  await page.mouse.up();
  await expect(ui.separator).toHaveAttribute("aria-valuenow", "400");
  await ui.separator.focus();
  await page.keyboard.press("Shift+ArrowLeft");
  await expect(ui.separator).toHaveAttribute("aria-valuenow", "350");

  await page.reload();
  await expect(ui.separator).toHaveAttribute("aria-valuenow", "350");
  expect((await ui.leftPanel.boundingBox())?.width).toBe(350);
});

test("/console is the console on its own; /dashboard shows it in the dashboard shell", async ({ page }) => {
  const ui = new ConsolePage(page);
  await ui.goto("/console");
  await expect(ui.heading).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Sidebar" })).toHaveCount(0);
  await expect(page).toHaveTitle("Console · NeuroOS");
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(ui.heading).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Sidebar" })).toBeVisible();
  await expect(ui.sessionSelect).toBeVisible();
  // Health and account details stay one click away.
  await page.getByRole("button", { name: "Server and account details" }).click();
  const details = page.getByRole("dialog", { name: "Server and account details" });
  await expect(details).toContainText(/Version\s*v\d/);
  await expect(details).toContainText("Database");
});

test.describe("small screens", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("tabs Chat, Files, Modules, Activity and the System Panels menu", async ({ page }) => {
    const ui = new ConsolePage(page);
    await ui.goto("/dashboard");
    const tabs = page.getByRole("tablist", { name: "Console panels" });
    await expect(tabs.getByRole("tab")).toHaveText(["Chat", "Files", "Modules", "Activity"]);
    await expect(tabs.getByRole("tab", { name: "Chat" })).toHaveAttribute("aria-selected", "true");
    await expect(ui.message).toBeVisible();
    await expect.poll(() => scrollsSideways(page)).toBe(false);

    await tabs.getByRole("tab", { name: "Files" }).click();
    await expect(ui.fileTree.getByRole("treeitem", { name: "example.py" })).toBeVisible();
    await expect(ui.message).toBeHidden();
    await tabs.getByRole("tab", { name: "Modules" }).click();
    await expect(ui.modules).toBeVisible();
    await expect(ui.services).toBeVisible();
    await tabs.getByRole("tab", { name: "Activity" }).click();
    await expect(page.getByRole("heading", { name: "Execution Log" })).toBeVisible();
    // Arrow keys move between tabs.
    await tabs.getByRole("tab", { name: "Activity" }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(tabs.getByRole("tab", { name: "Modules" })).toHaveAttribute("aria-selected", "true");

    await page.getByRole("button", { name: "Open system panels" }).click();
    const menu = page.getByRole("dialog", { name: "System Panels" });
    await expect(menu.getByRole("button")).toContainText(["File System", "System Modules", "Activity Log"]);
    await menu.getByRole("button", { name: /File System/ }).click();
    await expect(menu).toBeHidden();
    await expect(tabs.getByRole("tab", { name: "Files" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("button", { name: "Open system panels" }).click();
    await page
      .getByRole("dialog", { name: "System Panels" })
      .getByRole("button", { name: /Activity Log/ })
      .click();
    await expect(tabs.getByRole("tab", { name: "Activity" })).toHaveAttribute("aria-selected", "true");
    await expect.poll(() => scrollsSideways(page)).toBe(false);
  });
});

for (const theme of ["dark", "light"] as const) {
  test(`the console has no serious or critical axe violations (${theme})`, async ({ page }) => {
    // Four axe runs over the whole console: more than 30 s on a busy 2-core machine.
    test.setTimeout(90_000);
    await chooseTheme(page, theme);
    const ui = new ConsolePage(page);
    await ui.goto("/dashboard");
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await expect(ui.fileTree).toBeVisible({ timeout: 30_000 });
    await expect(ui.modules).toBeVisible();
    await expect(ui.sessionSelect).toHaveValue(/.+/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    expect(await seriousViolations(page), "/dashboard").toEqual([]);

    await ui.fileTree.getByRole("treeitem", { name: "example.py" }).click();
    await expect(page.getByRole("dialog", { name: "example.py" })).toContainText("import json");
    expect(await seriousViolations(page), "the file viewer").toEqual([]);
    await page.keyboard.press("Escape");

    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByRole("tablist", { name: "Console panels" })).toBeVisible();
    expect(await seriousViolations(page), "360 px").toEqual([]);
    await page.getByRole("button", { name: "Open system panels" }).click();
    await expect(page.getByRole("dialog", { name: "System Panels" })).toBeVisible();
    expect(await seriousViolations(page), "360 px, System Panels open").toEqual([]);
  });
}
