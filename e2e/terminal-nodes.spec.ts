import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { newAccount } from "./support/accounts";
import { AppServer } from "./support/app-server";
import { chooseTheme, scrollsSideways, seriousViolations } from "./support/ui";

// Two server nodes on one PostgreSQL database and one shared DATA_DIR, as behind a load balancer
// that is not sticky: the same site (127.0.0.1, so the same session cookie) reaches either node.

const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres:postgres@127.0.0.1:5432/postgres";
const ID_KEY = "neuroos-terminal-id";
const OTHER_NODE =
  "This terminal runs on another server node. Reconnect through the same node (sticky sessions), or open a new terminal.";

test.describe.configure({ mode: "serial" });

let nodeA: AppServer | undefined;
let nodeB: AppServer | undefined;
let database: string | undefined;
let dataDir: string | undefined;
let context: BrowserContext;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(120_000);
  const reachable = await admin(async () => true).catch(() => false);
  if (!reachable && process.env.CI === "true")
    throw new Error(`PostgreSQL at TEST_DATABASE_URL is not reachable`);
  test.skip(!reachable, "PostgreSQL is not reachable at TEST_DATABASE_URL: the two-node spec is SKIPPED");
  database = `neuroos_e2e_${randomBytes(6).toString("hex")}`;
  await admin((client) => client.query(`create database ${database}`));
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), "neuroos-e2e-shared-"));
  const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
  nodeA = await AppServer.start(env); // migrates the database and generates the secrets
  nodeB = await AppServer.start(env);
  context = await browser.newContext({ baseURL: nodeA.url });
  const account = newAccount();
  expect((await context.request.post("/api/auth/signup", { data: account })).status()).toBe(201);
  const login = await context.request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
  });
  expect(login.status()).toBe(200);
});

test.afterAll(async () => {
  await context?.close();
  await nodeB?.dispose();
  await nodeA?.dispose();
  if (database) await admin((client) => client.query(`drop database if exists ${database} with (force)`));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A page of the context whose tab already holds terminal `id` (a reload of the same tab). */
async function tabWithTerminal(id: string): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(({ key, saved }) => sessionStorage.setItem(key, saved), {
    key: ID_KEY,
    saved: id,
  });
  return page;
}

const status = (page: Page) => page.getByTestId("terminal-status");

async function type(page: Page, line: string): Promise<void> {
  await page.getByTestId("terminal").click();
  await page.keyboard.type(line);
  await page.keyboard.press("Enter");
}

test("a terminal reached through another node says so; a new one opens there, and the first reattaches on its own node", async () => {
  if (!nodeA || !nodeB) throw new Error("nodes not started");
  // Two nodes, four pages, a shell kept across them: more than 30 s on a busy 2-core machine.
  test.setTimeout(90_000);
  const first = await context.newPage();
  await first.goto(`${nodeA.url}/terminal`);
  await expect(status(first)).toHaveText("Connected", { timeout: 15_000 });
  const id = (await first.evaluate((key) => sessionStorage.getItem(key), ID_KEY)) as string;
  expect(id).toBeTruthy();
  await type(first, "export NODE_MARK=kept-$((6*7)); echo set-$((1+1))");
  await expect(first.locator(".xterm-rows")).toContainText("set-2");
  await first.close(); // the socket closes: the terminal waits on node A for a reattach

  // The balancer sends the reload to node B.
  const onB = await tabWithTerminal(id);
  await onB.goto(`${nodeB.url}/terminal`);
  await expect(onB.getByRole("alert")).toContainText(OTHER_NODE, { timeout: 15_000 });
  await expect(status(onB)).toHaveText("On another server node");
  expect(await seriousViolations(onB)).toEqual([]);
  await chooseTheme(onB, "dark");
  await onB.reload();
  await expect(onB.getByRole("alert")).toContainText(OTHER_NODE, { timeout: 15_000 });
  expect(await seriousViolations(onB)).toEqual([]);
  await onB.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => scrollsSideways(onB)).toBe(false);
  // From the keyboard: a new terminal, on this node.
  await onB.getByRole("button", { name: "New terminal" }).focus();
  await onB.keyboard.press("Enter");
  await expect(status(onB)).toHaveText("Connected", { timeout: 15_000 });
  expect(await onB.evaluate((key) => sessionStorage.getItem(key), ID_KEY)).not.toBe(id);
  await onB.close();

  // Through its own node the first terminal is still there, its shell's state kept.
  const back = await tabWithTerminal(id);
  await back.goto(`${nodeA.url}/terminal`);
  await expect(status(back)).toHaveText("Connected (reattached)", { timeout: 15_000 });
  await type(back, 'echo "mark:$NODE_MARK"');
  await expect(back.locator(".xterm-rows")).toContainText("mark:kept-42");
  await back.close();
});
