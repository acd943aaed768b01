import { expect, test } from "@playwright/test";

test.describe("landing page", () => {
  test("its buttons and footer links go where the spec says", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const main = page.getByRole("main");
    for (const [name, href] of [
      ["Launch Dashboard", "/dashboard"],
      ["Terminal Mode", "/terminal"],
      ["Start Free Trial", "/auth/signup"],
      ["Explore Marketplace", "/marketplace"],
    ] as const) {
      await expect(main.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    const footer = page.getByRole("contentinfo");
    for (const [name, href] of [
      ["About", "/about"],
      ["Support", "/support"],
      ["Dashboard", "/dashboard"],
    ] as const) {
      await expect(footer.getByRole("link", { name })).toHaveAttribute("href", href);
    }

    await main.getByRole("link", { name: "Start Free Trial" }).click();
    await expect(page).toHaveURL("/auth/signup");
    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();

    await page.goto("/");
    await footer.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL("/about");
    await page.getByRole("contentinfo").getByRole("link", { name: "Support" }).click();
    await expect(page).toHaveURL("/support");
  });

  test("each feature card leads to its screen, the IDE, search, accessibility and marketplace too", async ({
    page,
  }) => {
    await page.goto("/");
    const features = page.getByRole("region", { name: "Everything an AI workspace needs" });
    for (const [name, href] of [
      ["LLM console", "/dashboard"],
      ["Code IDE", "/ide"],
      ["Semantic search", "/vector-search"],
      ["Accessibility suite", "/neuro-equality"],
      ["Tools & MCP", "/dashboard/tools"],
      ["Marketplace", "/marketplace"],
    ] as const) {
      await expect(features.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    // The whole card is the link's target, not only its title.
    await features.getByRole("listitem").filter({ hasText: "Install agents, prompt libraries" }).click();
    await expect(page).toHaveURL("/marketplace");
  });

  test("Launch Dashboard asks a signed-out visitor to sign in first", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: "Launch Dashboard" }).click();
    await expect(page).toHaveURL("/auth/login?next=%2Fdashboard");
  });
});

test("the about page has its sections and a link back home", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1, name: "About NeuroOS" })).toBeVisible();
  for (const name of [
    "Our vision",
    "Features",
    "Leadership team",
    "Technology stack",
    "Partners",
    "Who it is for",
    "Licence",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  await expect(page.getByText("released under the MIT License").first()).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("the support page lists contacts, resources, FAQ and the waitlist", async ({ page }) => {
  await page.goto("/support");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "support@neuroos.dev" })).toHaveAttribute(
    "href",
    "mailto:support@neuroos.dev",
  );
  await expect(main.getByRole("link", { name: "hello@neuroos.dev" })).toHaveAttribute(
    "href",
    "mailto:hello@neuroos.dev",
  );
  await expect(main.getByRole("link", { name: "Read the docs" })).toHaveAttribute("href", "/docs");
  await expect(main.getByText("Coming Soon")).toBeVisible();
  await expect(main.getByRole("link", { name: "Join Waitlist for Early Access" })).toHaveAttribute(
    "href",
    /^mailto:hello@neuroos\.dev\?subject=/,
  );
  await expect(main.getByRole("link", { name: "Join the waitlist" })).toHaveAttribute("href", /^mailto:/);
  await main.getByText("Is NeuroOS open source?").click();
  await expect(main.getByText("Yes. NeuroOS is released under the MIT License.")).toBeVisible();
});

test("an unknown path shows the 404 page with a link home", async ({ page }) => {
  const response = await page.goto("/no/such/page?x=1");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
  await expect(page).toHaveTitle(/404 Page Not Found/);
  await page.getByRole("main").getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL("/");
});
