import { expect, type Page } from "@playwright/test";

/** /marketplace: its search, category filter, item cards and detail dialog. */
export class MarketplacePage {
  constructor(readonly page: Page) {}

  async open(query = ""): Promise<void> {
    await this.page.goto(`/marketplace${query}`);
    await expect(this.page.getByRole("heading", { level: 1, name: "AI Marketplace" })).toBeVisible();
    await expect(this.items).toHaveAttribute("aria-busy", "false");
    await expect(
      this.items.getByRole("listitem").first().or(this.page.getByText("No items found")),
    ).toBeVisible();
  }

  get search() {
    return this.page.getByLabel("Search", { exact: true });
  }

  get category() {
    return this.page.getByLabel("Category", { exact: true });
  }

  get items() {
    return this.page.getByRole("region", { name: "Marketplace items" });
  }

  /** The cards' titles, in order. */
  titles() {
    return this.items.getByRole("heading", { level: 2 });
  }

  card(title: string) {
    return this.items
      .getByRole("listitem")
      .filter({ has: this.page.getByRole("heading", { level: 2, name: title, exact: true }) });
  }

  /** Searches (the server filters: waits until the page shows its answer). */
  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
    const param = new URLSearchParams({ search: text.trim() }).toString();
    if (text.trim())
      await expect(this.page).toHaveURL(new RegExp(`[?&]${param.replace(/[+.]/g, "\\$&")}(&|$)`));
    else await expect(this.page).not.toHaveURL(/[?&]search=/);
    await expect(this.items).toHaveAttribute("aria-busy", "false");
  }

  async install(title: string): Promise<void> {
    const card = this.card(title);
    await card.getByRole("button", { name: `Install ${title}`, exact: true }).click();
    await expect(card.getByText("Installed", { exact: true })).toBeVisible({ timeout: 20_000 });
  }

  async uninstall(title: string): Promise<void> {
    const card = this.card(title);
    await card.getByRole("button", { name: `Uninstall ${title}`, exact: true }).click();
    await expect(card.getByRole("button", { name: `Install ${title}`, exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await expect(card.getByText("Installed", { exact: true })).toHaveCount(0);
  }

  details(title: string) {
    return this.page.getByRole("dialog", { name: title });
  }

  async openDetails(title: string) {
    await this.card(title)
      .getByRole("button", { name: `Details of ${title}` })
      .click();
    const dialog = this.details(title);
    await expect(dialog).toBeVisible();
    return dialog;
  }
}
