import { expect, type Page } from "@playwright/test";
import { createAccount, signIn } from "../support/accounts";

/** Page object of the console (/console, and /dashboard inside the dashboard shell). */
export class ConsolePage {
  constructor(readonly page: Page) {}

  /**
   * Opens the console and waits for its screen: a first load in a fresh browser fetches the
   * screen's chunks while the other worker's tests load the same server, which on the 2-core CI
   * machine has taken over 12 s.
   */
  async goto(path: "/console" | "/dashboard" = "/console") {
    await this.page.goto(path);
    await expect(this.heading).toBeAttached({ timeout: 30_000 });
  }

  /** Signs up a new account and opens its console, ready (a session selected, connected). */
  static async openAsNewUser(page: Page): Promise<ConsolePage> {
    await signIn(page, await createAccount(page.request));
    const ui = new ConsolePage(page);
    await ui.goto();
    // A new person's first console: the screen's chunks, their first session and its messages;
    // on the busy 2-core CI machine this has taken 14 s.
    await expect(ui.sessionSelect).toHaveValue(/.+/, { timeout: 30_000 });
    await expect(ui.statusBar.getByRole("status")).toHaveText("Ready");
    return ui;
  }

  /** Gives the current session the default agent (Interpreter) and waits until it is stored. */
  async useInterpreter(): Promise<void> {
    await this.page
      .getByLabel("Agent", { exact: true })
      .selectOption({ label: "Interpreter (default, safe mode)" });
    await expect
      .poll(async () => (await (await this.page.request.get("/api/sessions")).json())[0]?.agentId)
      .toMatch(/.+/);
  }

  get heading() {
    return this.page.getByRole("heading", { level: 1, name: "System Console" });
  }
  get sessionSelect() {
    return this.page.getByLabel("Session", { exact: true });
  }
  get newSession() {
    return this.page.getByRole("button", { name: "New session", exact: true });
  }
  get renameSession() {
    return this.page.getByRole("button", { name: "Rename session", exact: true });
  }
  get deleteSession() {
    return this.page.getByRole("button", { name: "Delete session", exact: true });
  }
  get message() {
    return this.page.getByLabel("Message", { exact: true });
  }
  get send() {
    return this.page.getByRole("button", { name: "Send" });
  }
  get execute() {
    return this.page.getByRole("button", { name: "Execute" });
  }
  get messages() {
    return this.page.getByRole("log", { name: "Messages" });
  }
  get leftPanel() {
    return this.page.getByRole("region", { name: "System panels" });
  }
  get separator() {
    return this.page.getByRole("separator", { name: "Resize the system panels" });
  }
  get fileTree() {
    return this.page.getByRole("tree", { name: "Workspace files" });
  }
  get modules() {
    return this.page.getByRole("list", { name: "System modules" });
  }
  get services() {
    return this.page.getByRole("list", { name: "Network services" });
  }
  get liveActivity() {
    return this.page.getByRole("list", { name: "Live activity" });
  }
  get executionLog() {
    return this.page.getByRole("list", { name: "Execution log" });
  }
  get indicators() {
    return this.page.getByRole("list", { name: "System indicators" });
  }
  get statusBar() {
    return this.page.getByRole("region", { name: "Status bar" });
  }
  get commandOutput() {
    return this.page.getByRole("region", { name: "Command output" });
  }

  /** The titles in the session picker, in order. */
  async sessionTitles(): Promise<string[]> {
    return this.sessionSelect.locator("option").allTextContents();
  }

  /** The panel's width as the separator reports it. */
  async panelWidth(): Promise<number> {
    return Number(await this.separator.getAttribute("aria-valuenow"));
  }
}
