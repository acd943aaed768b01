import { expect } from "@playwright/test";
import { openIde, writeFile } from "./pages/ide-page";
import { createAccount, signIn } from "./support/accounts";
import { chooseTheme, scrollsSideways, seriousViolations, toasts } from "./support/ui";
import { test } from "./support/with-provider";

/** Neuro IDE against its own server (real sandbox and terminal) and the scripted model provider. */
test.describe.configure({ timeout: 90_000 });
test.beforeEach(({ provider }) => provider.reset());

test("open, edit (unsaved dot), save with Ctrl+S, close tabs; Run is disabled with no file", async ({
  page,
}) => {
  const ide = await openIde(page);
  await expect(page.getByText("Open a file to start coding")).toBeVisible();
  await expect(ide.run).toBeDisabled();
  await ide.file("app.ts").click();
  await ide.file("index.ts").click();
  await expect(ide.tab("index.ts")).toHaveAttribute("aria-current", "true");
  await expect(ide.editor).toContainText('import { greet } from "./app";');
  await expect(ide.save).toBeDisabled();
  await ide.editor.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type('console.log("more");');
  await expect(ide.tab("index.ts").getByRole("img", { name: "unsaved changes" })).toBeVisible();
  await expect(ide.save).toBeEnabled();
  await page.keyboard.press("Control+s");
  await expect(toasts(page).getByText("File saved")).toBeVisible();
  await expect(toasts(page).getByText("index.ts has been saved successfully.")).toBeVisible();
  await expect(ide.tab("index.ts").getByRole("img", { name: "unsaved changes" })).toHaveCount(0);
  const saved = await (await page.request.get("/api/files/content?path=/home/user/src/index.ts")).json();
  expect(saved.content).toContain('console.log("more");');

  // Changed on disk: an unmodified tab follows; a modified one asks (reload, or keep mine).
  await writeFile(page, "/home/user/src/index.ts", "// rewritten by the agent\n");
  await expect(ide.editor).toHaveText("// rewritten by the agent");
  await ide.editor.click();
  await page.keyboard.type("// mine ");
  await writeFile(page, "/home/user/src/index.ts", "// the terminal wrote this\n");
  const changed = page.getByRole("alert").filter({ hasText: "index.ts changed on disk" });
  await expect(changed).toBeVisible();
  await expect(ide.editor).toContainText("// mine");
  await changed.getByRole("button", { name: "Reload from disk" }).click();
  await expect(ide.editor).toHaveText("// the terminal wrote this");
  await expect(ide.tab("index.ts").getByRole("img", { name: "unsaved changes" })).toHaveCount(0);

  // Closing a modified tab asks first; closing the active one activates the last remaining.
  await ide.editor.click();
  await page.keyboard.type("// draft");
  await page.getByRole("button", { name: "Close index.ts" }).click();
  const ask = page.getByRole("dialog", { name: "Close index.ts?" });
  await ask.getByRole("button", { name: "Close without saving" }).click();
  await expect(ide.tab("app.ts")).toHaveAttribute("aria-current", "true");
  await page.getByRole("button", { name: "Close app.ts" }).click();
  await expect(page.getByText("Open a file to start coding")).toBeVisible();
});

test("unsaved edits are guarded: Back asks first (Stay keeps them), a reload gets the browser's question; saved, Back just leaves", async ({
  page,
}) => {
  const ide = await openIde(page);
  await ide.open("index.ts");
  await ide.editor.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("// not saved yet");
  await expect(ide.tab("index.ts").getByRole("img", { name: "unsaved changes" })).toBeVisible();

  await page.getByRole("link", { name: "Back" }).click();
  const ask = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(ask).toContainText("Your changes to index.ts are not saved.");
  await ask.getByRole("button", { name: "Stay" }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/ide$/);
  await expect(ide.editor).toContainText("// not saved yet");

  // A reload: the browser asks (beforeunload); dismissed, the edit is still there.
  const question = new Promise<string>((resolve) =>
    page.once("dialog", (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    }),
  );
  // A page asks on leaving only after the person has interacted with it (done above).
  void page.reload().catch(() => {});
  expect(await question).toBe("beforeunload");
  await expect(ide.editor).toContainText("// not saved yet");

  await ide.save.click();
  await expect(toasts(page).getByText("File saved")).toBeVisible();
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("Run: TypeScript with an import, JavaScript and Python stream their output with exit code and duration; other languages and Stop say so", async ({
  page,
}) => {
  const ide = await openIde(page);
  await ide.open("index.ts");
  await ide.run.click();
  await expect(ide.output).toContainText("Hello from NeuroOS!");
  await expect(ide.output).toContainText(/\[exit code 0 · \d+(\.\d+)? m?s\]\nExecution completed/);

  await writeFile(
    page,
    "/home/user/src/count.py",
    "import time\nfor i in range(3):\n    print('tick', i, flush=True)\n    time.sleep(0.3)\nraise SystemExit(3)\n",
  );
  await writeFile(page, "/home/user/src/hello.js", "console.log('from js', 6 * 7);\n");
  await writeFile(
    page,
    "/home/user/src/sleepy.py",
    "import time\nprint('sleeping', flush=True)\ntime.sleep(60)\n",
  );
  await writeFile(page, "/home/user/src/style.css", "body { color: red; }\n");
  await writeFile(
    page,
    "/home/user/src/page.html",
    "<h1>Hello page</h1><script>document.title='ran'</script>\n",
  );
  await page.reload();
  await ide.open("count.py");
  await ide.run.click();
  await expect(ide.output).toContainText("tick 0");
  await expect(ide.output).not.toContainText("Execution completed");
  await expect(ide.output).toContainText(/tick 2[\s\S]*\[exit code 3/);
  await ide.open("hello.js");
  await ide.run.click();
  await expect(ide.output).toContainText("from js 42");
  await ide.open("style.css");
  await ide.run.click();
  await expect(ide.output).toContainText("Error: Language css not supported for execution");
  await ide.file("page.html").click();
  await page.getByRole("button", { name: "Preview" }).click();
  const frame = page.frameLocator('iframe[title="Preview of page.html"]');
  await expect(frame.getByRole("heading", { name: "Hello page" })).toBeVisible();
  await expect(page.locator('iframe[title="Preview of page.html"]')).toHaveAttribute("sandbox", "");
  await page.keyboard.press("Escape");
  await ide.open("sleepy.py");
  await ide.run.click();
  await expect(ide.output).toContainText("sleeping");
  await page.getByRole("region", { name: "Run output" }).getByRole("button", { name: "Stop" }).click();
  await expect(ide.output).toContainText("Stopped.");
  await expect(ide.run).toBeEnabled();
});

test("the explorer creates, renames and deletes files and folders in the workspace; the terminal tab is a real shell", async ({
  page,
}) => {
  const ide = await openIde(page);
  await page.getByRole("button", { name: "New folder" }).click();
  await page.getByLabel("Folder name").fill("lib");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(ide.file("lib")).toBeVisible();
  await page.getByRole("button", { name: "New file" }).click();
  await page.getByLabel("File name").fill("util.ts");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(ide.tab("util.ts")).toHaveAttribute("aria-current", "true");
  expect((await page.request.get("/api/files/content?path=/home/user/src/lib/util.ts")).ok()).toBe(true);

  await page.getByRole("button", { name: "Rename util.ts" }).click();
  await page.getByLabel("New name").fill("helpers.ts");
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(ide.tab("helpers.ts")).toBeVisible();
  await expect(ide.file("helpers.ts")).toBeVisible();
  await page.getByRole("button", { name: "Delete helpers.ts" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(ide.file("helpers.ts")).toHaveCount(0);
  await expect(page.getByText("Open a file to start coding")).toBeVisible();
  expect((await page.request.get("/api/files/content?path=/home/user/src/lib/helpers.ts")).status()).toBe(
    404,
  );

  await page.getByRole("tab", { name: "Terminal" }).click();
  await expect(page.getByTestId("terminal-status")).toHaveText("Connected", { timeout: 15_000 });
  await page.locator(".xterm-helper-textarea").focus();
  await page.keyboard.type("echo ide-$((40+2)) > ~/from-terminal.txt && cat ~/from-terminal.txt\n");
  await expect(page.locator(".xterm-rows")).toContainText("ide-42", { timeout: 15_000 });
});

test("the assistant gets the open file with the question, streams its reply, and its code is applied hunk by hunk; Fix sends a failed run", async ({
  page,
  provider,
}) => {
  const ide = await openIde(page);
  await writeFile(
    page,
    "/home/user/src/calc.ts",
    "const a = 1;\nconst b = 2;\nconst c = 3;\nconsole.log(a + b);\n",
  );
  await page.reload();
  await ide.file("calc.ts").click();
  const reply = "Here:\n```ts\nconst a = 10;\nconst b = 2;\nconst c = 30;\nconsole.log(a + b);\n```\n";
  provider.script({ kind: "text", chunks: [reply.slice(0, 10), reply.slice(10)], delayMs: 100 });
  const input = page.getByLabel("Message the assistant");
  await input.fill("   ");
  await input.press("Enter");
  expect(provider.calls).toHaveLength(0);
  await input.fill("Make the numbers bigger");
  await input.press("Enter");
  const assistant = page.getByRole("region", { name: "AI Assistant" });
  await expect(assistant.getByRole("button", { name: "Apply to calc.ts" })).toBeVisible();
  const sent = provider.calls.at(-1)?.body as {
    temperature: number;
    messages: { role: string; content: string }[];
  };
  expect(sent.temperature).toBe(0.7);
  expect(sent.messages[0]?.role).toBe("system");
  expect(sent.messages.at(-1)?.content).toMatch(
    /^Current file: \/home\/user\/src\/calc\.ts \(typescript\)\n```typescript\nconst a = 1;/,
  );
  expect(sent.messages.at(-1)?.content).toMatch(/Make the numbers bigger$/);

  await assistant.getByRole("button", { name: "Apply to calc.ts" }).click();
  const review = page.getByRole("dialog", { name: "Apply to calc.ts" });
  await expect(review.getByRole("region", { name: /^Change/ })).toHaveCount(2);
  await review
    .getByRole("region", { name: /^Change 2/ })
    .getByRole("button", { name: "Reject" })
    .click();
  await review.getByRole("button", { name: "Apply 1 of 2" }).click();
  await expect(ide.editor).toContainText("const a = 10;");
  await expect(ide.editor).toContainText("const c = 3;");

  // A failed run goes to the assistant with 'Fix'.
  await writeFile(page, "/home/user/src/broken.py", "print(undefined_name)\n");
  await page.reload();
  await ide.open("broken.py");
  await ide.run.click();
  await expect(ide.output).toContainText("NameError");
  provider.script({ kind: "text", chunks: ["Define it first."] });
  await page.getByRole("button", { name: "Fix with the assistant" }).click();
  await expect(assistant).toContainText("Define it first.");
  const fixRequest = provider.calls.at(-1)?.body as { messages: { content: string }[] };
  expect(fixRequest.messages.at(-1)?.content).toContain("NameError");

  provider.script({ kind: "error", status: 500, body: { error: { message: "down" } } });
  await input.fill("Again?");
  await input.press("Enter");
  await expect(toasts(page).getByText("AI Error")).toBeVisible();
});

test("inline completion: after a pause the model's continuation shows as ghost text; Tab accepts, Escape dismisses", async ({
  page,
  provider,
}) => {
  const ide = await openIde(page);
  await ide.file("app.ts").click();
  await ide.editor.click();
  await page.keyboard.press("Control+End");
  provider.script({ kind: "text", chunks: ['```ts\nconsole.log("accepted");\n```'] });
  await page.keyboard.type("// log it\n");
  const ghost = page.getByTestId("ghost-text");
  await expect(ghost).toHaveText('console.log("accepted");');
  const completion = provider.calls.at(-1)?.body as { messages: { content: string }[] };
  expect(completion.messages.at(-1)?.content).toContain("// log it\n<CURSOR>");
  // Accepting is an edit too: after the pause the model proposes what follows the accepted line.
  provider.script({ kind: "text", chunks: ["// next"] });
  await page.keyboard.press("Tab");
  await expect(ide.editor).toContainText('console.log("accepted");');
  await expect(ghost).toHaveText("// next");
  const followUp = provider.calls.at(-1)?.body as { messages: { content: string }[] };
  expect(followUp.messages.at(-1)?.content).toContain('console.log("accepted");<CURSOR>');

  provider.script({ kind: "text", chunks: ["dismissed()"] });
  await page.keyboard.type("\n");
  await expect(ghost).toHaveText("dismissed()");
  await page.keyboard.press("Escape");
  await expect(ghost).toHaveCount(0);
  await expect(ide.editor).not.toContainText("dismissed()");
});

for (const theme of ["light", "dark"] as const) {
  test(`the IDE has no serious axe violations (${theme}) and works at 360 px as tabs`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await chooseTheme(page, theme);
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, await createAccount(page.request));
    await page.goto("/ide");
    await page.getByRole("tab", { name: "Files" }).click();
    await page.getByRole("treeitem", { name: "index.ts" }).click();
    await expect(page.getByRole("tab", { name: "Editor" })).toHaveAttribute("aria-selected", "true");
    await expect(page.locator(".cm-content")).toContainText("greet");
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => scrollsSideways(page)).toBe(false);
  });
}

test("agent mode: the agent engine with the workspace tools works in the pane, its approvals asked there, and its new file shows in the explorer", async ({
  page,
  provider,
}) => {
  const ide = await openIde(page);
  await ide.file("app.ts").click();
  await page.getByRole("button", { name: "Agent mode" }).click();
  await page.getByRole("button", { name: "Start a session with an agent" }).click();
  const dialog = page.getByRole("dialog", { name: "New session" });
  await dialog.getByLabel("Session title (optional)").fill("IDE agent");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog).toBeHidden();

  const test =
    'import { greet } from "./app";\nif (greet("x") !== "Hello from x!") throw new Error("greet broke");\nconsole.log("1 test passed");\n';
  provider.script(
    {
      kind: "tool-calls",
      calls: [
        { id: "call_1", name: "write_file", args: { path: "/home/user/src/app.test.ts", content: test } },
      ],
    },
    { kind: "tool-calls", calls: [{ id: "call_2", name: "run_shell", args: { command: "ls ~/src" } }] },
    { kind: "text", chunks: ["Added src/app.test.ts; it is in your workspace."] },
  );
  await page.getByLabel("Message", { exact: true }).fill("add a test for app.ts and run it");
  await page.getByLabel("Message", { exact: true }).press("Enter");
  const write = page.getByRole("region", { name: /Approval needed: write_file/ });
  await expect(write).toBeVisible({ timeout: 15_000 });
  await write.getByRole("button", { name: "Approve" }).click();
  const shell = page.getByRole("region", { name: /Approval needed: run_shell/ });
  await expect(shell).toBeVisible({ timeout: 15_000 });
  await shell.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Added src/app.test.ts; it is in your workspace.")).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    page.getByRole("region", { name: "Tool call: run_shell" }).getByTestId("tool-output"),
  ).toContainText("app.test.ts");
  await expect(ide.file("app.test.ts")).toBeVisible();

  // The new test runs from the IDE, with its import.
  await ide.open("app.test.ts");
  await ide.run.click();
  await expect(ide.output).toContainText("1 test passed");
});
