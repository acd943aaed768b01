import { expect, type Page, type WebSocketRoute } from "@playwright/test";
import { ConsolePage } from "./pages/console-page";
import { test } from "./support/with-provider";

/**
 * The console against a model: this spec runs its own server, pointed at a scripted OpenAI
 * wire-compatible test server (the gateway's provider test server), so replies are known.
 */

const REPLY = [
  "Here is some code.\n\n",
  "```python\nprint('hello from python')\n```\n\n",
  "And a command:\n\n```bash\necho hello from bash\n```\n\n",
  "```typescript\nconst x: number = 1;\n```\n\n",
  "A [bad link](javascript:alert(1)) and <b>raw html</b>.",
];

/** The console's live sockets, each passed through to the server, so a test can drop one. */
async function liveSockets(page: Page): Promise<WebSocketRoute[]> {
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ws$/, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  return sockets;
}

// Each test waits on a model, code runs and reconnects; one restarts the server.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(({ provider }) => provider.reset());

test("send → a streamed reply → Run a python block and a bash block", async ({ page, provider }) => {
  const ui = await ConsolePage.openAsNewUser(page);
  // Slow enough (5 chunks, 8 s) that 'typing...' and Stop are seen while it streams, also on a
  // loaded machine (at 4 s the reply was done before CI saw Stop).
  provider.script({ kind: "text", chunks: REPLY, delayMs: 1600, usage: { input: 20, output: 64 } });
  await ui.message.fill("Show me some code");
  await ui.message.press("Enter");
  await expect(ui.message).toHaveValue("");
  await expect(ui.messages.getByText("Show me some code")).toBeVisible();
  await expect(ui.messages.getByText("typing...")).toBeVisible();
  await expect(page.getByRole("button", { name: "Stop" })).toBeVisible();
  await expect(ui.messages.getByText("typing...")).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole("button", { name: "Stop" })).toBeHidden();

  // The stored reply replaced the streamed one: once, whole, with its model and token count.
  await expect(ui.messages.getByText("Here is some code.")).toHaveCount(1);
  await expect(ui.messages.getByRole("article").filter({ hasText: "Here is some code." })).toContainText(
    "64 tokens",
  );
  await expect(ui.statusBar).toContainText(/Context: ~\d+ \/ 8,192 tokens/);
  // Untrusted markdown: no javascript: link, raw HTML shown as text.
  await expect(ui.messages.getByText("bad link")).toBeVisible();
  await expect(ui.messages.locator('a[href^="javascript"]')).toHaveCount(0);
  await expect(ui.messages.getByText("<b>raw html</b>", { exact: false })).toBeVisible();
  // Run buttons only for python, javascript, shell and bash.
  const blocks = ui.messages.getByRole("figure");
  await expect(blocks).toHaveCount(3);
  await expect(blocks.filter({ hasText: "typescript" }).getByRole("button", { name: "Run" })).toHaveCount(0);
  // The session is titled from its first exchange.
  await expect.poll(() => ui.sessionTitles()).toEqual(["Show me some code"]);

  const sandbox = await (await page.request.get("/api/sandbox/health")).json();
  test.skip(!sandbox.available, `the sandbox cannot run here: ${sandbox.message}`);
  const python = blocks.filter({ hasText: "hello from python" });
  await python.getByRole("button", { name: "Run" }).click();
  await expect(python).toContainText(/Output · Finished · exit code 0/, { timeout: 15_000 });
  await expect(python.locator("pre").last()).toHaveText("hello from python");
  const bash = blocks.filter({ hasText: "echo hello from bash" });
  await bash.getByRole("button", { name: "Run" }).click();
  await expect(bash).toContainText(/Output · Finished · exit code 0/, { timeout: 15_000 });
  await expect(bash.locator("pre").last()).toHaveText("hello from bash");

  // python took the code execution path, bash the terminal command path.
  const logs: { type: string; command: string }[] = await (
    await page.request.get("/api/logs?limit=20")
  ).json();
  expect(logs.find((l) => l.command.includes("hello from python"))?.type).toBe("code_execution");
  expect(logs.find((l) => l.command.includes("hello from bash"))?.type).toBe("system_command");
  await expect(ui.executionLog).toContainText("echo hello from bash", { timeout: 10_000 });
});

test("Stop ends a streaming reply", async ({ page, provider }) => {
  const ui = await ConsolePage.openAsNewUser(page);
  const words = Array.from({ length: 80 }, (_, i) => `word${i} `);
  provider.script({ kind: "text", chunks: words, delayMs: 100 });
  await ui.message.fill("Tell me a long story");
  await ui.send.click();
  await expect(ui.messages.getByText("word3", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(ui.messages.getByText("Stopped before the reply was complete.")).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByRole("button", { name: "Stop" })).toBeHidden();
  await expect(ui.messages.getByText("word79")).toHaveCount(0);
});

test("a reply that finishes while the connection is down is whole after reconnect, not doubled", async ({
  page,
  provider,
}) => {
  const sockets = await liveSockets(page);
  const ui = await ConsolePage.openAsNewUser(page);
  const chunks = Array.from({ length: 24 }, (_, i) => `part${i} `);
  provider.script({ kind: "text", chunks, delayMs: 150 });
  await ui.message.fill("Stream while I drop");
  await ui.message.press("Enter");
  await expect(ui.messages.getByText("part2", { exact: false })).toBeVisible();

  // The connection drops mid-reply; the reply goes on on the server.
  await sockets.at(-1)?.close({ code: 1011, reason: "test drop" });
  await expect(ui.statusBar.getByRole("status")).toHaveText("Connecting...");
  await expect(ui.statusBar.getByRole("status")).toHaveText("Ready", { timeout: 15_000 });
  await expect(page.getByRole("list", { name: "System indicators" })).toContainText(/Network:\s*Connected/);

  const reply = ui.messages.getByRole("article").filter({ hasText: "part0" });
  await expect(reply).toHaveCount(1);
  await expect(reply).toContainText("part23", { timeout: 10_000 });
  await expect(ui.messages.getByText("typing...")).toHaveCount(0);
  await expect(ui.messages.getByRole("article")).toHaveCount(2);
});

test("after a server restart the console reconnects; nothing is lost or doubled", async ({
  page,
  provider,
  app,
}) => {
  const ui = await ConsolePage.openAsNewUser(page);
  provider.script({ kind: "text", chunks: ["First ", "answer."] });
  await ui.message.fill("First question");
  await ui.message.press("Enter");
  await expect(ui.messages.getByText("First answer.")).toBeVisible();

  await app.restart();
  await expect(ui.statusBar.getByRole("status")).toHaveText("Ready", { timeout: 20_000 });
  provider.script({ kind: "text", chunks: ["Second ", "answer."] });
  await ui.message.fill("Second question");
  await ui.message.press("Enter");
  // The first model call of a freshly started server can take longer on a busy machine.
  await expect(ui.messages.getByText("Second answer.")).toBeVisible({ timeout: 20_000 });
  await expect(ui.messages.getByRole("article")).toHaveCount(4);
  for (const text of ["First question", "First answer.", "Second question", "Second answer."]) {
    await expect(ui.messages.getByText(text)).toHaveCount(1);
  }
});

test("a server down past the spec's 5 tries: the console keeps trying with backoff and says so, then reconnects by itself", async ({
  page,
  app,
}) => {
  // The page's clock is driven by the test: the retries' waits pass at once.
  await page.clock.install();
  const ui = await ConsolePage.openAsNewUser(page);
  const status = ui.statusBar.getByRole("status");
  await expect(status).toHaveText("Ready");

  await app.stop();
  await expect(status).toHaveText("Connecting...");
  // The 5 tries 3 s apart, then doubling waits (6, 12 s): never 'Offline' while it keeps trying.
  for (let i = 0; i < 7; i += 1) {
    await page.clock.fastForward(3_000);
    await expect(status).toHaveText("Connecting...");
  }
  await expect(ui.statusBar.getByRole("button", { name: "Reconnect now" })).toBeVisible();
  // The header tells the truth: no network, and no 'Active' from an answer of before.
  const indicators = page.getByRole("list", { name: "System indicators" });
  await expect(indicators).toContainText(/Network:\s*Limited/);
  await page.clock.fastForward(30_000);
  await expect(indicators).toContainText(/CPU:\s*Unknown/);

  await app.boot();
  // The next try (the wait is at most a minute) finds the server again, with no click.
  await page.clock.fastForward(60_000);
  await expect(status).toHaveText("Ready");
  await expect(indicators).toContainText(/Network:\s*Connected/);
  await page.clock.fastForward(30_000);
  await expect(indicators).toContainText(/CPU:\s*Active/);
});

test("a list read after a reconnect that is older than a reply arriving meanwhile does not hide it", async ({
  page,
  provider,
}) => {
  const sockets = await liveSockets(page);
  const ui = await ConsolePage.openAsNewUser(page);
  provider.script({ kind: "text", chunks: ["First ", "answer."] });
  await ui.message.fill("First question");
  await ui.message.press("Enter");
  await expect(ui.messages.getByText("First answer.")).toBeVisible();

  // The next read of the messages (the one a reconnect makes) is answered late, with the list as
  // it was when it was asked: as a slow, freshly started server would.
  let held = false;
  await page.route(/\/api\/sessions\/[^/]+\/messages$/, async (route) => {
    if (held) return route.continue();
    held = true;
    const stale = await route.fetch();
    await new Promise((r) => setTimeout(r, 2500));
    await route.fulfill({ response: stale }).catch(() => {}); // cancelled by a newer read
  });
  await sockets.at(-1)?.close({ code: 1011, reason: "test drop" });
  await expect(ui.statusBar.getByRole("status")).toHaveText("Ready", { timeout: 15_000 });
  provider.script({ kind: "text", chunks: ["Second ", "answer."] });
  await ui.message.fill("Second question");
  await ui.message.press("Enter");
  await expect(ui.messages.getByText("Second answer.")).toBeVisible();
  await page.waitForTimeout(3000); // past the late answer
  await expect(ui.messages.getByRole("article")).toHaveCount(4);
  for (const text of ["First question", "First answer.", "Second question", "Second answer."]) {
    await expect(ui.messages.getByText(text)).toHaveCount(1);
  }
});
